// Profiling aid: decodes one fixture in a loop (run with node --cpu-prof via tsx).
import { create, fromBinary, toBinary } from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";
import { NodeSchema } from "./gen/pbjet/bench/stress/v1/stress_pb.js";
import { NodeSchema as EsNodeSchema } from "./gen/es/bench/stress/v1/stress_pb.js";
import { buildStress } from "./fixtures.js";
import { Rng } from "./prng.js";

const msg = create(NodeSchema, buildStress(new Rng(10)) as never);
const bytes = toBinary(NodeSchema, msg);
const which = process.argv[2] ?? "pbjet";
const n = Number(process.argv[3] ?? 3000);
const t0 = performance.now();
let sink: unknown;
for (let i = 0; i < n; i++) sink = which === "es" ? es.fromBinary(EsNodeSchema, bytes) : fromBinary(NodeSchema, bytes);
const ms = performance.now() - t0;
console.log(`${which}: ${bytes.length} bytes, ${((ms * 1000) / n).toFixed(1)} us per decode`, typeof sink);
