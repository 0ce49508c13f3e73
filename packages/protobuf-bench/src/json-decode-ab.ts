// JSON decode side by side, to measure changes to the JSON reader: pbjet (closures and
// aot=true), each also from an already parsed value (fromJson(JSON.parse(s)): the difference
// is what parsing's duplicate-key check costs), protobufjs (fromObject(JSON.parse(s))),
// protobuf-es and plain JSON.parse, interleaved in one process (src/measure.ts). Prints ops/s
// per fixture with the ratios to protobufjs and protobuf-es, and their geometric means.
//
//   node --single-threaded-gc --expose-gc --import tsx src/json-decode-ab.ts [--quick] [--filter <fixture re>]
import * as pbjet from "@pbjet/protobuf";
import { buildFixtures } from "./fixtures.js";
import { buildSubjects, esJsonLength, pbjetAotSchema, pbjetSchema } from "./libs.js";
import { measureCell, type Contender } from "./measure.js";

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const quick = argv.includes("--quick");
const filter = arg("--filter") !== undefined ? new RegExp(arg("--filter")!) : undefined;

let sink: unknown;
const rows = ["pbjet", "pbjet parsed", "aot", "aot parsed", "protobufjs", "protobuf-es", "JSON.parse"] as const;
const vsPjs = new Map<string, number[]>(rows.map((r) => [r, []]));
const vsEs = new Map<string, number[]>(rows.map((r) => [r, []]));

for (const fx of buildFixtures(esJsonLength)) {
  if (filter && !filter.test(fx.id)) continue;
  const subjects = buildSubjects(fx);
  const json = subjects.get("pbjet")!.json!;
  const desc = pbjetSchema(fx.typeName);
  const aotDesc = pbjetAotSchema(fx.typeName);
  const contenders: Contender[] = [
    { key: "pbjet", fn: () => (sink = pbjet.fromJsonString(desc, json)) },
    { key: "pbjet parsed", fn: () => (sink = pbjet.fromJson(desc, JSON.parse(json))) },
    { key: "aot", fn: () => (sink = pbjet.fromJsonString(aotDesc, json)) },
    { key: "aot parsed", fn: () => (sink = pbjet.fromJson(aotDesc, JSON.parse(json))) },
    { key: "protobufjs", fn: subjects.get("pjsKeep")!.ops.jsonDecode! },
    { key: "protobuf-es", fn: subjects.get("es")!.ops.jsonDecode! },
    { key: "JSON.parse", fn: () => (sink = JSON.parse(json)) },
  ];
  const r = await measureCell(contenders, { sliceMs: 5, budgetMs: quick ? 700 : 3000, warmupMs: quick ? 100 : 300, minRounds: 8 });
  const hz = new Map(r.contenders.map((c) => [c.key, c.hz]));
  const line = [fx.id.padEnd(16)];
  for (const row of rows) {
    const h = hz.get(row)!;
    const p = h / hz.get("protobufjs")!;
    const e = h / hz.get("protobuf-es")!;
    vsPjs.get(row)!.push(p);
    vsEs.get(row)!.push(e);
    line.push(`${row} ${Math.round(h)} (${p.toFixed(2)}/${e.toFixed(2)})`);
  }
  console.log(line.join("  "));
}
const geo = (v: number[]) => Math.exp(v.reduce((a, b) => a + Math.log(b), 0) / v.length);
console.log("\ngeomean of the ratio to protobufjs / to protobuf-es (min over fixtures vs protobufjs):");
for (const row of rows) {
  const p = vsPjs.get(row)!;
  console.log(`  ${row.padEnd(14)} ${geo(p).toFixed(2)}x / ${geo(vsEs.get(row)!).toFixed(2)}x   (min ${Math.min(...p).toFixed(2)}x)`);
}
void sink;
