// Generic deep walks over a message, driven by its schema, for the lazy scenario table
// (src/lazy-matrix.ts): read every field of every message, and change every field of every
// message. The same walk serves pbjet (eager messages and lazy views) and @bufbuild/protobuf
// (both have the protobuf-es v2 shape), and, with protobufjs's property names and value types
// (flat oneof members, Long for 64-bit integers), protobufjs static messages. Plans are compiled
// once per message type, so the walk costs the same for every library.

import { ScalarType, type DescField, type DescMessage } from "@pbjet/protobuf";
import { createRequire } from "node:module";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const require = createRequire(import.meta.url);
const protobufjs: Any = require("protobufjs");
const Long: Any = require("long");

const enum K {
  /** Singular scalar or enum (not in a oneof). */
  Scalar,
  /** Singular message, or a message member of a protobufjs oneof. */
  Msg,
  ListScalar,
  ListMsg,
  MapScalar,
  MapMsg,
  /** A protobuf-es v2 oneof ({ case, value }). */
  Oneof,
  /** A scalar member of a protobufjs oneof (a plain property, null when not selected). */
  OneofScalar,
}

interface FieldPlan {
  readonly name: string;
  readonly k: K;
  /** Scalar type (enums: INT32). */
  readonly scalar: ScalarType;
  /** Message plan, filled in after creation (message types may recurse). */
  sub: MsgPlan | undefined;
  /** Oneof members by case name (K.Oneof). */
  readonly members: Map<string, FieldPlan> | undefined;
}
type MsgPlan = FieldPlan[];

export type WalkShape = "es" | "pjs";

const plans: Record<WalkShape, Map<string, MsgPlan>> = { es: new Map(), pjs: new Map() };

function scalarOf(f: DescField): ScalarType {
  const a = f as Any;
  if (f.fieldKind === "enum" || a.listKind === "enum" || a.mapKind === "enum") return ScalarType.INT32;
  return a.scalar ?? ScalarType.INT32;
}

/** The walk plan for a message type; `desc` is pbjet's or @bufbuild/protobuf's descriptor. */
export function planOf(desc: DescMessage, shape: WalkShape): MsgPlan {
  const cache = plans[shape];
  let plan = cache.get(desc.typeName);
  if (plan) return plan;
  plan = [];
  cache.set(desc.typeName, plan);
  const name = (f: { name: string; localName: string }) => (shape === "pjs" ? protobufjs.util.camelCase(f.name) : f.localName);
  const fieldPlan = (f: DescField, k: K): FieldPlan => ({ name: name(f), k, scalar: scalarOf(f), sub: undefined, members: undefined });
  const subs: [FieldPlan, DescMessage][] = [];
  const withSub = (p: FieldPlan, m: DescMessage | undefined) => {
    if (m) subs.push([p, m]);
    return p;
  };
  for (const member of (desc as Any).members as Any[]) {
    if (member.kind === "oneof") {
      if (shape === "es") {
        const members = new Map<string, FieldPlan>();
        for (const f of member.fields as DescField[])
          members.set(f.localName, withSub(fieldPlan(f, f.fieldKind === "message" ? K.Msg : K.Scalar), (f as Any).message));
        plan.push({ name: member.localName, k: K.Oneof, scalar: ScalarType.INT32, sub: undefined, members });
      } else {
        for (const f of member.fields as DescField[])
          plan.push(withSub(fieldPlan(f, f.fieldKind === "message" ? K.Msg : K.OneofScalar), (f as Any).message));
      }
      continue;
    }
    const f = member as DescField;
    const a = f as Any;
    switch (f.fieldKind) {
      case "scalar":
      case "enum":
        plan.push(fieldPlan(f, K.Scalar));
        break;
      case "message":
        plan.push(withSub(fieldPlan(f, K.Msg), a.message));
        break;
      case "list":
        plan.push(a.listKind === "message" ? withSub(fieldPlan(f, K.ListMsg), a.message) : fieldPlan(f, K.ListScalar));
        break;
      case "map":
        plan.push(a.mapKind === "message" ? withSub(fieldPlan(f, K.MapMsg), a.message) : fieldPlan(f, K.MapScalar));
        break;
    }
  }
  for (const [p, m] of subs) p.sub = planOf(m, shape);
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Read everything

/** What reading one scalar value contributes to the checksum: lengths of strings and bytes, else 1. */
function val(v: unknown): number {
  return typeof v === "string" ? v.length : v instanceof Uint8Array ? v.length : 1;
}

/**
 * Reads every field of every message (decoding everything a lazy view holds) and returns a
 * checksum that is the same in every library for the same message.
 */
export function readAll(plan: MsgPlan, m: Any): number {
  let acc = 0;
  for (let i = 0; i < plan.length; i++) {
    const f = plan[i];
    const v = m[f.name];
    switch (f.k) {
      case K.Scalar:
        if (v != null) acc += val(v);
        break;
      case K.OneofScalar:
        if (v != null) acc += 1 + val(v);
        break;
      case K.Msg:
        if (v != null) acc += 1 + readAll(f.sub!, v);
        break;
      case K.ListScalar:
        for (let j = 0; j < v.length; j++) acc += val(v[j]);
        break;
      case K.ListMsg:
        for (let j = 0; j < v.length; j++) acc += 1 + readAll(f.sub!, v[j]);
        break;
      case K.MapScalar:
        for (const key in v) acc += key.length + val(v[key]);
        break;
      case K.MapMsg:
        for (const key in v) acc += key.length + 1 + readAll(f.sub!, v[key]);
        break;
      case K.Oneof:
        if (v.case !== undefined) {
          const mf = f.members!.get(v.case)!;
          acc += 1 + (mf.sub ? readAll(mf.sub, v.value) : val(v.value));
        }
        break;
    }
  }
  return acc;
}

// ---------------------------------------------------------------------------------------------
// Change everything

function modString(s: string): string {
  if (s.length === 0) return "x";
  return s.slice(0, -1) + (s.charCodeAt(s.length - 1) === 0x78 ? "y" : "x");
}

/** A changed copy (never the input buffer: bytes fields of a decode share it). */
function modBytes(b: Uint8Array): Uint8Array {
  const c = new Uint8Array(b.length || 1);
  c.set(b);
  c[0] ^= 1;
  return c;
}

/** A different value of the same type, the same in every library (never zero for a non-zero value). */
function mod(t: ScalarType, v: Any): Any {
  switch (t) {
    case ScalarType.STRING:
      return modString(v);
    case ScalarType.BYTES:
      return modBytes(v);
    case ScalarType.BOOL:
      return !v;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return v + 1;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return v === 1 ? 3 : (v ^ 1) >>> 0;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      if (typeof v === "bigint") return v === 1n ? 3n : v ^ 1n;
      if (Long.isLong(v)) return v.low === 1 && v.high === 0 ? Long.fromBits(3, 0, v.unsigned) : Long.fromBits(v.low ^ 1, v.high, v.unsigned);
      return v === 1 ? 3 : v ^ 1;
    default:
      // int32, sint32, sfixed32, enums
      return v === 1 ? 3 : v ^ 1;
  }
}

/**
 * Changes every field of every message in place: every scalar (set or not, as it reads), every
 * list element and map value, the selected member of every oneof; sub-messages are changed, not
 * replaced, and no message is added or removed. `m` must be an ordinary (mutable) message.
 */
export function modifyAll(plan: MsgPlan, m: Any): void {
  for (let i = 0; i < plan.length; i++) {
    const f = plan[i];
    const v = m[f.name];
    switch (f.k) {
      case K.Scalar:
      case K.OneofScalar:
        if (v != null) m[f.name] = mod(f.scalar, v);
        break;
      case K.Msg:
        if (v != null) modifyAll(f.sub!, v);
        break;
      case K.ListScalar:
        for (let j = 0; j < v.length; j++) v[j] = mod(f.scalar, v[j]);
        break;
      case K.ListMsg:
        for (let j = 0; j < v.length; j++) modifyAll(f.sub!, v[j]);
        break;
      case K.MapScalar:
        for (const key in v) v[key] = mod(f.scalar, v[key]);
        break;
      case K.MapMsg:
        for (const key in v) modifyAll(f.sub!, v[key]);
        break;
      case K.Oneof:
        if (v.case !== undefined) {
          const mf = f.members!.get(v.case)!;
          if (mf.sub) modifyAll(mf.sub, v.value);
          else m[f.name] = { case: v.case, value: mod(mf.scalar, v.value) };
        }
        break;
    }
  }
}
