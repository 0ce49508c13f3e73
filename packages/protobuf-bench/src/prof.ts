// Profiling aid: runs one operation on one fixture in a loop (node --cpu-prof --import tsx src/prof.ts ...).
//   npx tsx src/prof.ts <stress|logs|trace> <decode|encode> [pbjet|es] [iterations]
import * as pb from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { NodeSchema } from "./gen/pbjet/bench/stress/v1/stress_pb.js";
import { NodeSchema as EsNodeSchema } from "./gen/es/bench/stress/v1/stress_pb.js";
import { ExportLogsServiceRequestSchema as LogsSchema } from "./gen/pbjet/bench/otel/v1/logs_pb.js";
import { ExportLogsServiceRequestSchema as EsLogsSchema } from "./gen/es/bench/otel/v1/logs_pb.js";
import { ExportTraceServiceRequestSchema as TraceSchema } from "./gen/pbjet/bench/otel/v1/trace_pb.js";
import { ExportTraceServiceRequestSchema as EsTraceSchema } from "./gen/es/bench/otel/v1/trace_pb.js";
import { buildLogsExport, buildStress, buildTraceExport } from "./fixtures.js";
import { Rng } from "./prng.js";

const [fixture = "stress", op = "decode", lib = "pbjet", count = "2000"] = process.argv.slice(2);
const table = {
  stress: [NodeSchema, EsNodeSchema, () => buildStress(new Rng(10))],
  logs: [LogsSchema, EsLogsSchema, () => buildLogsExport(new Rng(7), 100)],
  trace: [TraceSchema, EsTraceSchema, () => buildTraceExport(new Rng(5), 100)],
} as const;
const [ours, theirs, build] = table[fixture as keyof typeof table];
const init = build();
const api = lib === "es" ? (es as unknown as typeof pb) : pb;
const schema = (lib === "es" ? theirs : ours) as pb.DescMessage;
const msg = api.create(schema, init as never);
const bytes = api.toBinary(schema, msg);
const n = Number(count);
let sink: unknown;
const t0 = performance.now();
for (let i = 0; i < n; i++) sink = op === "encode" ? api.toBinary(schema, msg) : api.fromBinary(schema, bytes);
const us = ((performance.now() - t0) * 1000) / n;
console.log(`${lib} ${op} ${fixture}: ${bytes.length} bytes, ${us.toFixed(1)} us`, typeof sink);
