// The README example: builds the workspace, generates example/gen/example_pb.ts from
// example/example.proto with our protoc-gen-es (under buf), and runs example/main.ts.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: "inherit" });

run("npx", ["turbo", "run", "build", "--filter=@pbjet/protoc-gen-es", "--output-logs=errors-only"]);
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
run(buf, ["generate"], join(root, "example"));
run(process.execPath, [join(dirname(require.resolve("tsx/package.json")), "dist/cli.mjs"), "example/main.ts"]);
