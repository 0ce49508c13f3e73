import * as es from "@bufbuild/protobuf";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildFixtures } from "./fixtures.ts";
import { esJsonLength } from "./libs.ts";
import { loadAotFiles } from "./aot-build.ts";
const dir = process.argv[2];
const id = process.argv[3];
const op = process.argv[4] ?? "enc";
const require = createRequire(join(dir, "package.json"));
const api = require(join(dir, "dist/cjs/index.js"));
const files = loadAotFiles(dir, "p");
const reg = api.createRegistry(...files);
const fx = buildFixtures(esJsonLength).find((f) => f.id === id)!;
const desc = reg.getMessage(fx.typeName);
const msg = api.create(desc, fx.init);
const json = api.toJsonString(desc, msg);
let sink: unknown;
const t0 = Date.now();
let n = 0;
while (Date.now() - t0 < 8000) {
  for (let i = 0; i < 50; i++) sink = op === "enc" ? api.toJsonString(desc, msg) : api.fromJsonString(desc, json);
  n += 50;
}
console.log(id, op, (n / 8).toFixed(0), "ops/s");
