// The README's example: builds the workspace, compiles example.proto with buf, and uses
// @pbjet/protobuf to create, serialize and parse a message.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
execFileSync("npx", ["turbo", "run", "build", "--filter=@pbjet/protobuf", "--output-logs=errors-only"], { cwd: root, stdio: "inherit" });

const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const work = mkdtempSync(join(tmpdir(), "pbjet-example-"));
const out = join(work, "example.binpb");
execFileSync(buf, ["build", join(root, "packages/protobuf-test/proto"), "--path", join(root, "packages/protobuf-test/proto/example.proto"), "--as-file-descriptor-set", "-o", out], { stdio: "inherit" });

const { create, toBinary, fromBinary, equals, createFileRegistry } = await import("@pbjet/protobuf");
const { FileDescriptorSetSchema } = await import("@pbjet/protobuf/wkt");
const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(out)));
rmSync(work, { recursive: true, force: true });
const UserSchema = registry.getMessage("example.User");

const user = create(UserSchema, {
  firstName: "Homer",
  lastName: "Simpson",
  active: true,
  manager: { firstName: "Montgomery", lastName: "Burns" },
  locations: ["Springfield"],
  projects: { plant: "Sector 7G" },
});
const bytes = toBinary(UserSchema, user);
const parsed = fromBinary(UserSchema, bytes);
console.log(`encoded example.User to ${bytes.length} bytes: ${Buffer.from(bytes).toString("hex")}`);
console.log("decoded:", parsed);
console.log("round trip equal:", equals(UserSchema, user, parsed));
if (!equals(UserSchema, user, parsed)) process.exit(1);
