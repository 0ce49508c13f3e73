// ts-proto and pbf, the peers of issue 48: their generated code (scripts/generate.mjs), looked up
// by message type name, and their rows of one fixture.

import { PbfReader, PbfWriter } from "pbf";

import * as tpGraphql from "./gen/ts-proto/bench/graphql/v1/graphql.js";
import * as tpK8s from "./gen/ts-proto/bench/k8s/v1/pod.js";
import * as tpLogs from "./gen/ts-proto/bench/otel/v1/logs.js";
import * as tpMetrics from "./gen/ts-proto/bench/otel/v1/metrics.js";
import * as tpTrace from "./gen/ts-proto/bench/otel/v1/trace.js";
import * as tpRpc from "./gen/ts-proto/bench/rpc/v1/rpc.js";
import * as tpSite from "./gen/ts-proto/bench/site/v1/site.js";
import * as tpMicro from "./gen/ts-proto/bench/micro/v1/micro.js";
import * as tpStress from "./gen/ts-proto/bench/stress/v1/stress.js";

import * as pbfGraphql from "./gen/pbf/bench/graphql/v1/graphql.js";
import * as pbfK8s from "./gen/pbf/bench/k8s/v1/pod.js";
import * as pbfLogs from "./gen/pbf/bench/otel/v1/logs.js";
import * as pbfMetrics from "./gen/pbf/bench/otel/v1/metrics.js";
import * as pbfTrace from "./gen/pbf/bench/otel/v1/trace.js";
import * as pbfRpc from "./gen/pbf/bench/rpc/v1/rpc.js";
import * as pbfSite from "./gen/pbf/bench/site/v1/site.js";
import * as pbfMicro from "./gen/pbf/bench/micro/v1/micro.js";
import * as pbfStress from "./gen/pbf/bench/stress/v1/stress.js";

import type { DescMessage } from "@pbjet/protobuf";
import type { Fixture } from "./fixtures.js";
import { pbfPath, toPbfObject, toTsProtoObject, tsProtoPath } from "./peers-convert.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** What ts-proto generates for each message (its `MessageFns<T>`), as the matrix calls it. */
interface TsProtoType {
  encode(message: unknown): { finish(): Uint8Array };
  decode(input: Uint8Array): unknown;
  fromJSON(object: unknown): unknown;
  toJSON(message: unknown): unknown;
  fromPartial(object: unknown): unknown;
}

const TS_PROTO_MODULES: readonly Record<string, unknown>[] = [tpRpc, tpTrace, tpMetrics, tpLogs, tpK8s, tpGraphql, tpStress, tpSite, tpMicro];

/** ts-proto's exports for a message: `bench.k8s.v1.ObjectMeta.LabelsEntry` is `ObjectMeta_LabelsEntry`. */
export function tsProtoType(typeName: string): TsProtoType {
  for (const mod of TS_PROTO_MODULES) {
    const pkg = mod.protobufPackage as string;
    if (!typeName.startsWith(`${pkg}.`)) continue;
    const t = mod[typeName.slice(pkg.length + 1).replaceAll(".", "_")] as TsProtoType | undefined;
    if (t && typeof t.encode === "function") return t;
  }
  throw new Error(`ts-proto: no message ${typeName}`);
}

/** What pbf generates for each message: `read<Name>` and `write<Name>` (nested names concatenated). */
interface PbfType {
  read(pbf: PbfReader): Any;
  write(obj: unknown, pbf: PbfWriter): void;
}

const PBF_MODULES: readonly (readonly [string, Record<string, unknown>])[] = [
  ["bench.rpc.v1", pbfRpc],
  ["bench.otel.v1", pbfTrace],
  ["bench.otel.v1", pbfMetrics],
  ["bench.otel.v1", pbfLogs],
  ["bench.k8s.v1", pbfK8s],
  ["bench.graphql.v1", pbfGraphql],
  ["bench.stress.v1", pbfStress],
  ["bench.site.v1", pbfSite],
  ["bench.micro.v1", pbfMicro],
];

export function pbfType(typeName: string): PbfType {
  for (const [pkg, mod] of PBF_MODULES) {
    if (!typeName.startsWith(`${pkg}.`)) continue;
    const name = typeName.slice(pkg.length + 1).replaceAll(".", "");
    const read = mod[`read${name}`] as PbfType["read"] | undefined;
    const write = mod[`write${name}`] as PbfType["write"] | undefined;
    if (read && write) return { read, write };
  }
  throw new Error(`pbf: no message ${typeName}`);
}

/** The parts of a row that libs.ts's Subject holds; libs.ts adds the id. */
export interface PeerRow {
  readonly message: unknown;
  encode(msg: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  toJson?(msg: unknown): string;
  fromJson?(json: string): unknown;
  readonly json?: string;
  readonly ops: Partial<Record<"encode" | "decode" | "jsonEncode" | "jsonDecode" | "passthrough" | "readOne", () => unknown>>;
  /** Reads the fixture's read path in a message of this row. */
  readAt(msg: unknown): unknown;
}

/** Walks a read path through a ts-proto message, whose maps with 64-bit or bool keys are Maps. */
function readTsProto(msg: unknown, path: readonly unknown[]): unknown {
  let v = msg as Any;
  for (let i = 0; i < path.length; i++) v = v instanceof Map ? v.get(path[i]) : v[path[i] as string];
  return v;
}

// Results land here so no call can be optimised away (as libs.ts's rows do with theirs).
export let sink: unknown;
export let sinkRead: unknown;

/** Helpers of libs.ts that every row's closures call the same way. */
export interface Sinks {
  usable(s: string): string;
  readPath(msg: unknown, path: readonly (string | number)[]): unknown;
}

/**
 * ts-proto's row: the message from `fromPartial` of the fixture's data; binary through its
 * `encode(m).finish()` / `decode(bytes)`; JSON through `JSON.stringify(toJSON(m))` and
 * `fromJSON(JSON.parse(text))`, reading the same ProtoJSON text as the ProtoJSON rows.
 */
export function tsProtoRow(fx: Fixture, desc: DescMessage, wire: Uint8Array, protoJson: string, s: Sinks): PeerRow {
  const T = tsProtoType(fx.typeName);
  const msg = T.fromPartial(toTsProtoObject(desc, fx.init));
  const path = tsProtoPath(desc, fx.readPath);
  return {
    message: msg,
    encode: (m) => T.encode(m).finish(),
    decode: (b) => T.decode(b),
    toJson: (m) => JSON.stringify(T.toJSON(m)),
    fromJson: (j) => T.fromJSON(JSON.parse(j)),
    json: protoJson,
    readAt: (m) => readTsProto(m, path),
    ops: {
      encode: () => (sink = T.encode(msg).finish()),
      decode: () => (sink = T.decode(wire)),
      jsonEncode: () => (sink = s.usable(JSON.stringify(T.toJSON(msg)))),
      jsonDecode: () => (sink = T.fromJSON(JSON.parse(protoJson))),
      passthrough: () => (sink = T.encode(T.decode(wire)).finish()),
      readOne: () => {
        const m = T.decode(wire);
        sinkRead = readTsProto(m, path);
        return (sink = T.encode(m).finish());
      },
    },
  };
}

/**
 * pbf's row: the fixture's data in pbf's object shape; binary through `write<Name>(obj, new
 * PbfWriter())` + `finish()` and `read<Name>(new PbfReader(bytes))`. No JSON cells: pbf has no
 * ProtoJSON.
 */
export function pbfRow(fx: Fixture, desc: DescMessage, wire: Uint8Array, s: Sinks): PeerRow {
  const P = pbfType(fx.typeName);
  const msg = toPbfObject(desc, fx.init);
  const path = pbfPath(desc, fx.readPath);
  const encode = (m: unknown) => {
    const w = new PbfWriter();
    P.write(m, w);
    return w.finish();
  };
  const decode = (b: Uint8Array) => P.read(new PbfReader(b));
  return {
    message: msg,
    encode,
    decode,
    readAt: (m) => s.readPath(m, path),
    ops: {
      encode: () => (sink = encode(msg)),
      decode: () => (sink = decode(wire)),
      passthrough: () => (sink = encode(decode(wire))),
      readOne: () => {
        const m = decode(wire);
        sinkRead = s.readPath(m, path);
        return (sink = encode(m));
      },
    },
  };
}
