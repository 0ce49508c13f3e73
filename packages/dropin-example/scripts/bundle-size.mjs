// Bundle size of small programs that use one message, with @pbjet/protobuf and code from our
// protoc-gen-es, next to @bufbuild/protobuf and code from @bufbuild/protoc-gen-es: bundled with
// esbuild (--bundle --minify --format=esm --platform=browser), raw and gzipped (level 9).
// Programs (see `programs` below): binary-only ones (create + toBinary + fromBinary), which must
// not carry any module of the runtime's json/ or text/ (checked from esbuild's metafile), and
// JSON ones, for a plain message, a message with the common well-known types and a web client.
// Each bundle is run to check that it works.
//
// Usage: node scripts/bundle-size.mjs [--json] [--analyze] [--check] [--markdown FILE]
//   --analyze        list the largest inputs of each bundle
//   --check          exit 1 if a pbjet bundle is larger than protobuf-es's (raw or gzipped), or a
//                    binary-only one carries json/ or text/ modules, beyond the allowances of
//                    bundle-budget.json (the open part of issues 14 and 50)
//   --keep           keep the programs and their bundles in work/bundle-size
//   --markdown FILE  replace the table between the bundle-size markers in FILE (BENCHMARKS.md)
// Needs the workspace packages built, and esbuild (installed with tsx in the workspace).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(pkgDir, "package.json"));
const args = process.argv.slice(2);
const asJson = args.includes("--json");
const analyze = args.includes("--analyze");
const check = args.includes("--check");
const markdownFile = args.includes("--markdown") ? args[args.indexOf("--markdown") + 1] : undefined;

let esbuild;
try {
  esbuild = require("esbuild");
} catch {
  console.error("bundle-size: esbuild is not installed (it comes with tsx in the workspace: run npm install)");
  process.exit(1);
}
const buf = join(dirname(require.resolve("@bufbuild/buf/package.json")), "bin", "buf");
const bufbuildPluginPkg = require.resolve("@bufbuild/protoc-gen-es/package.json");

// The schemas, shaped like users' code: a plain message; a message with the common well-known
// types (Timestamp, Duration, Struct, Any, wrappers, FieldMask) next to a map, a oneof, an enum
// and a repeated sub-message; a web client's requests and responses with a service.
const protos = {
  "size/v1/user.proto": `syntax = "proto3";
package size.v1;
message User {
  string first_name = 1;
  string last_name = 2;
  bool active = 3;
  User manager = 4;
  repeated string locations = 5;
  map<string, string> projects = 6;
}
`,
  "size/v1/order.proto": `syntax = "proto3";
package size.v1;
import "google/protobuf/any.proto";
import "google/protobuf/duration.proto";
import "google/protobuf/field_mask.proto";
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
enum Status {
  STATUS_UNSPECIFIED = 0;
  STATUS_OPEN = 1;
  STATUS_SHIPPED = 2;
}
message Item {
  string sku = 1;
  int32 quantity = 2;
}
message Order {
  string id = 1;
  google.protobuf.Timestamp created = 2;
  google.protobuf.Duration ttl = 3;
  google.protobuf.Struct metadata = 4;
  google.protobuf.Any detail = 5;
  google.protobuf.StringValue note = 6;
  google.protobuf.Int64Value limit = 7;
  google.protobuf.FieldMask mask = 8;
  map<string, string> labels = 9;
  oneof payment {
    string card = 10;
    string voucher = 11;
  }
  Status status = 12;
  repeated Item items = 13;
}
`,
  "size/v1/service.proto": `syntax = "proto3";
package size.v1;
import "google/protobuf/field_mask.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
import "size/v1/order.proto";
message GetOrderRequest {
  string id = 1;
  google.protobuf.FieldMask read_mask = 2;
}
message ListOrdersRequest {
  google.protobuf.Int32Value page_size = 1;
  google.protobuf.StringValue page_token = 2;
  google.protobuf.Timestamp since = 3;
}
message ListOrdersResponse {
  repeated Order orders = 1;
  string next_page_token = 2;
}
service OrderService {
  rpc GetOrder(GetOrderRequest) returns (Order);
  rpc ListOrders(ListOrdersRequest) returns (ListOrdersResponse);
}
`,
};

const makeOrder = `const order = create(OrderSchema, {
  id: "o-1",
  created: timestampFromDate(new Date(1700000000000)),
  ttl: { seconds: 3600n },
  metadata: { gift: true, tags: ["a", "b"] },
  detail: anyPack(ItemSchema, create(ItemSchema, { sku: "d", quantity: 1 })),
  note: "leave at door",
  limit: 10n,
  mask: { paths: ["id", "note"] },
  labels: { channel: "web" },
  payment: { case: "card", value: "visa" },
  status: Status.OPEN,
  items: [{ sku: "x", quantity: 2 }],
});`;

// Programs: "binary" programs (create + toBinary + fromBinary) must not carry the JSON or the
// text format (checked from esbuild's metafile); "+json" programs add toJson + fromJson; "web"
// is a client's program (JSON text both ways, a registry for Any).
const programs = [
  {
    name: "binary",
    label: "plain message: create + toBinary + fromBinary",
    binaryOnly: true,
    aot: true,
    source: `import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { UserSchema } from "./gen/size/v1/user_pb.js";

const user = create(UserSchema, { firstName: "Homer", lastName: "Simpson", active: true, locations: ["Springfield"], projects: { plant: "7G" } });
const bytes = toBinary(UserSchema, user);
const back = fromBinary(UserSchema, bytes);
console.log(bytes.length, back.firstName, back.projects.plant);
`,
    expect: /^44 Homer 7G$/,
  },
  {
    name: "binary+json",
    label: "plain message: create + toBinary + fromBinary + toJson + fromJson",
    aot: true,
    source: `import { create, fromBinary, fromJson, toBinary, toJson } from "@bufbuild/protobuf";
import { UserSchema } from "./gen/size/v1/user_pb.js";

const user = create(UserSchema, { firstName: "Homer", lastName: "Simpson", active: true, locations: ["Springfield"], projects: { plant: "7G" } });
const bytes = toBinary(UserSchema, user);
const back = fromBinary(UserSchema, bytes);
const json = toJson(UserSchema, back);
const again = fromJson(UserSchema, json);
console.log(bytes.length, again.firstName, again.projects.plant, JSON.stringify(json).length);
`,
    expect: /^44 Homer 7G 110$/,
  },
  {
    name: "wkt-binary",
    label: "well-known types: create + toBinary + fromBinary",
    binaryOnly: true,
    source: `import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { anyPack, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ItemSchema, OrderSchema, Status } from "./gen/size/v1/order_pb.js";

${makeOrder}
const bytes = toBinary(OrderSchema, order);
const back = fromBinary(OrderSchema, bytes);
console.log(bytes.length, back.note, String(back.limit), back.metadata?.gift, String(back.created?.seconds), back.items.length);
`,
    expect: /^\d+ leave at door 10 true 1700000000 1$/,
  },
  {
    name: "wkt-binary+json",
    label: "well-known types: create + toBinary + fromBinary + toJson + fromJson",
    source: `import { create, createRegistry, fromBinary, fromJson, toBinary, toJson } from "@bufbuild/protobuf";
import { anyPack, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ItemSchema, OrderSchema, Status } from "./gen/size/v1/order_pb.js";

${makeOrder}
const bytes = toBinary(OrderSchema, order);
const back = fromBinary(OrderSchema, bytes);
const registry = createRegistry(ItemSchema);
const json = toJson(OrderSchema, back, { registry });
const again = fromJson(OrderSchema, json, { registry });
console.log(bytes.length, again.note, String(again.limit), again.metadata?.gift, json.created, JSON.stringify(json).length);
`,
    expect: /^\d+ leave at door 10 true 2023-11-14T22:13:20Z \d+$/,
  },
  {
    name: "web",
    label: "web client: requests and responses, toJsonString + fromJsonString",
    source: `import { create, createRegistry, fromJsonString, toJsonString } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ItemSchema } from "./gen/size/v1/order_pb.js";
import { GetOrderRequestSchema, ListOrdersRequestSchema, ListOrdersResponseSchema, OrderService } from "./gen/size/v1/service_pb.js";

const registry = createRegistry(ItemSchema);
const get = toJsonString(GetOrderRequestSchema, create(GetOrderRequestSchema, { id: "o-1", readMask: { paths: ["id", "note"] } }));
const list = toJsonString(ListOrdersRequestSchema, create(ListOrdersRequestSchema, { pageSize: 20, since: timestampFromDate(new Date(1700000000000)) }));
const reply = fromJsonString(
  ListOrdersResponseSchema,
  '{"orders":[{"id":"o-1","created":"2023-11-14T22:13:20Z","ttl":"3600s","metadata":{"gift":true},"detail":{"@type":"type.googleapis.com/size.v1.Item","sku":"d"},"note":"n","limit":"10","mask":"id,note","status":"STATUS_OPEN","items":[{"sku":"x","quantity":2}]}],"nextPageToken":"t"}',
  { registry },
);
console.log(OrderService.method.listOrders.name, get, list, String(reply.orders[0].ttl?.seconds), reply.orders[0].note, reply.nextPageToken, toJsonString(ListOrdersResponseSchema, reply, { registry }).length);
`,
    expect: /^ListOrders \{"id":"o-1","readMask":"id,note"\} \{"pageSize":20,"since":"2023-11-14T22:13:20Z"\} 3600 n t \d+$/,
  },
];

const stacks = [
  {
    name: "protobuf-es",
    label:
      "@bufbuild/protobuf " + JSON.parse(readFileSync(join(dirname(bufbuildPluginPkg), "package.json"), "utf8")).dependencies["@bufbuild/protobuf"],
    plugin: join(dirname(bufbuildPluginPkg), "bin", "protoc-gen-es"),
    rename: (s) => s,
  },
  {
    name: "pbjet",
    label: "@pbjet/protobuf " + JSON.parse(readFileSync(join(pkgDir, "..", "protobuf", "package.json"), "utf8")).version,
    plugin: join(pkgDir, "..", "protoc-gen-es", "bin", "protoc-gen-es"),
    rename: (s) => s.replaceAll("@bufbuild/protobuf", "@pbjet/protobuf"),
  },
  {
    // Informational (not checked): the cost of ahead-of-time codecs for the one message.
    name: "pbjet-aot",
    label: "@pbjet/protobuf " + JSON.parse(readFileSync(join(pkgDir, "..", "protobuf", "package.json"), "utf8")).version + ", code with aot=true",
    plugin: join(pkgDir, "..", "protoc-gen-es", "bin", "protoc-gen-es"),
    opt: ["aot=true"],
    aotOnly: true,
    rename: (s) => s.replaceAll("@bufbuild/protobuf", "@pbjet/protobuf"),
  },
  {
    // Informational (not checked): ahead-of-time binary codecs only (no JSON codecs).
    name: "pbjet-aot-binary",
    label: "@pbjet/protobuf " + JSON.parse(readFileSync(join(pkgDir, "..", "protobuf", "package.json"), "utf8")).version + ", code with aot=binary",
    plugin: join(pkgDir, "..", "protoc-gen-es", "bin", "protoc-gen-es"),
    opt: ["aot=binary"],
    aotOnly: true,
    rename: (s) => s.replaceAll("@bufbuild/protobuf", "@pbjet/protobuf"),
  },
];

const work = join(pkgDir, "work", "bundle-size");
rmSync(work, { recursive: true, force: true });
const results = [];
try {
  for (const stack of stacks) {
    const dir = join(work, stack.name);
    mkdirSync(join(dir, "proto", "size", "v1"), { recursive: true });
    writeFileSync(join(dir, "proto", "buf.yaml"), "version: v2\n");
    for (const [path, text] of Object.entries(protos)) writeFileSync(join(dir, "proto", path), text);
    const template = JSON.stringify({
      version: "v2",
      plugins: [{ local: ["node", stack.plugin], out: join(dir, "gen"), opt: ["target=ts", "import_extension=js", ...(stack.opt ?? [])] }],
    });
    execFileSync(buf, ["generate", join(dir, "proto"), "--template", template], { stdio: "inherit" });
    for (const program of programs) {
      if (stack.aotOnly && !program.aot) continue;
      const main = join(dir, `${program.name.replace(/\W/g, "-")}.ts`);
      writeFileSync(main, stack.rename(program.source));
      const outfile = join(dir, `${program.name.replace(/\W/g, "-")}.bundle.mjs`);
      const built = await esbuild.build({
        entryPoints: [main],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "browser",
        outfile,
        logLevel: "error",
        metafile: true,
      });
      const bundle = readFileSync(outfile);
      const inputPaths = Object.keys(built.metafile.outputs[Object.keys(built.metafile.outputs)[0]].inputs);
      // A binary-only program carries no module of the runtime's json/ or text/ folders.
      const jsonOrText = inputPaths.filter((p) => /(?:^|\/)protobuf\/dist\/(?:esm|cjs)\/(?:json|text)\//.test(p));
      if (analyze) {
        const inputs = Object.entries(built.metafile.outputs[Object.keys(built.metafile.outputs)[0]].inputs)
          .map(([path, { bytesInOutput }]) => [bytesInOutput, path.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "")])
          .sort((a, b) => b[0] - a[0]);
        console.log(`${stack.name}, ${program.name}: the largest inputs (minified bytes in the bundle):`);
        for (const [bytes, path] of inputs.slice(0, 25)) console.log(`  ${String(bytes).padStart(7)}  ${path}`);
      }
      // The bundle must work: run it.
      const run = spawnSync(process.execPath, [outfile], { encoding: "utf8" });
      if (run.status !== 0 || !program.expect.test(run.stdout.trim())) {
        throw new Error(`${stack.name}, ${program.name}: the bundle did not run as expected:\n${run.stdout}${run.stderr}`);
      }
      results.push({
        jsonOrText: program.binaryOnly && stack.name !== "protobuf-es" ? jsonOrText.length : 0,
        program: program.name,
        stack: stack.name,
        runtime: stack.label,
        minified: bundle.length,
        gzipped: gzipSync(bundle, { level: 9 }).length,
      });
    }
  }
} finally {
  // --keep leaves the programs and bundles in work/bundle-size, for a closer look.
  if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const table = [
  `Bundle size, esbuild ${esbuild.version} \`--bundle --minify --format=esm --platform=browser\`, gzip level 9`,
  `(\`npm run bundle-size -w packages/dropin-example\`; Node.js ${process.version}, ${arch()}, ${cpus()[0]?.model.trim() ?? "unknown CPU"}):`,
  "",
  "| program | runtime | minified | minified + gzip | vs protobuf-es (gzip) |",
  "| --- | --- | ---: | ---: | ---: |",
];
for (const program of programs) {
  const base = results.find((r) => r.program === program.name && r.stack === "protobuf-es");
  for (const r of results.filter((x) => x.program === program.name)) {
    table.push(
      `| ${program.label} | ${r.runtime} | ${r.minified} B (${kb(r.minified)}) | ${r.gzipped} B (${kb(r.gzipped)}) | ${(r.gzipped / base.gzipped).toFixed(2)}x |`,
    );
  }
}

if (asJson) {
  console.log(JSON.stringify({ esbuild: esbuild.version, results }, null, 2));
} else {
  console.log(table.join("\n"));
}

if (markdownFile !== undefined) {
  const begin = "<!-- bundle-size:begin -->";
  const end = "<!-- bundle-size:end -->";
  const text = readFileSync(markdownFile, "utf8");
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) {
    console.error(`bundle-size: ${markdownFile} has no ${begin} ... ${end} markers`);
    process.exit(1);
  }
  writeFileSync(markdownFile, `${text.slice(0, a + begin.length)}\n${table.join("\n")}\n${text.slice(b)}`);
  console.log(`bundle-size: table written to ${markdownFile}`);
}

if (check) {
  const budget = JSON.parse(readFileSync(join(pkgDir, "bundle-budget.json"), "utf8")).allow ?? {};
  let failed = false;
  for (const program of programs) {
    const base = results.find((r) => r.program === program.name && r.stack === "protobuf-es");
    const ours = results.find((r) => r.program === program.name && r.stack === "pbjet");
    if (ours.jsonOrText > (budget[program.name]?.jsonOrTextModules ?? 0)) {
      console.error(`bundle-size: program "${program.name}" is binary-only but carries ${ours.jsonOrText} modules of json/ or text/ (see --analyze)`);
      failed = true;
    }
    for (const key of ["minified", "gzipped"]) {
      const allowed = budget[program.name]?.[key];
      const limit = Math.max(base[key], allowed ?? 0);
      const what = `program "${program.name}", ${key}: pbjet ${ours[key]} B, protobuf-es ${base[key]} B`;
      if (ours[key] > limit) {
        console.error(`bundle-size: ${what}${allowed !== undefined ? `, allowance ${allowed} B` : ""}: too large`);
        failed = true;
      } else if (ours[key] > base[key]) {
        console.log(`bundle-size: ${what}: above protobuf-es, within the allowance of bundle-budget.json (${allowed} B; issue 50's target is open)`);
      } else if (allowed !== undefined) {
        console.log(`bundle-size: ${what}: at or below protobuf-es; remove the allowance from bundle-budget.json`);
      }
    }
  }
  if (failed) process.exit(1);
  console.log("bundle-size: check passed");
}
