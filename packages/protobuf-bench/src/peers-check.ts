// Correctness checks of the ts-proto and pbf rows, run by matrix.ts before timing, as for the
// other rows: their bytes decode (in pbjet and in @bufbuild/protobuf) to the fixture's message, they
// decode the reference bytes to the same values, and what they re-encode decodes to an equal message.
// pbf is compared with the fixture as pbf can hold it (peers-convert.ts's pbfView).

import * as pbjet from "@pbjet/protobuf";
import type { DescField, DescMessage } from "@pbjet/protobuf";
import * as es from "@bufbuild/protobuf";

import type { Fixture } from "./fixtures.js";
import type { LibId, Subject } from "./libs.js";
import { fromPbfObject, pbfView, presenceView } from "./peers-convert.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** Which cells a failed check takes out: all, the JSON ones, or the two that re-encode a decoded message. */
export type FailScope = "all" | "json" | "reencode" | "none";

export interface PeerCheckContext {
  readonly fx: Fixture;
  readonly desc: DescMessage;
  readonly esDesc: es.DescMessage;
  readonly subs: Map<LibId, Subject>;
  /** The reference bytes: @bufbuild/protobuf's encoding, the input of every decode cell. */
  readonly wire: Uint8Array;
  /** pbjet's value at the read path, normalized. */
  readonly pbRead: string;
  normalize(v: unknown): string;
  /** `known`: the failure follows from a limit the row's LIBS entry states (reported apart from problems). */
  fail(lib: LibId, msg: string, scope?: FailScope, known?: boolean): void;
  note(msg: string): void;
}

/** Runs the checks; returns how many were made. */
export function checkPeers(c: PeerCheckContext): number {
  return checkTsProto(c) + checkPbf(c);
}

/**
 * Compares bytes, in pbjet and in @bufbuild/protobuf, with `view` (init data): the fixture as the
 * library can hold it. Notes the fixtures where that differs from the fixture.
 */
function viewOf(c: PeerCheckContext, lib: string, view: unknown, what: string): (bytes: Uint8Array) => boolean {
  const refView = pbjet.create(c.desc, view as Any);
  const esView = es.create(c.esDesc, view as Any);
  if (!pbjet.equals(c.desc, refView, c.subs.get("pbjet")!.message as Any))
    c.note(`${c.fx.id}: ${lib} cannot hold this fixture exactly (${what}); its checks compare with the fixture as ${lib} holds it`);
  return (bytes) => pbjet.equals(c.desc, pbjet.fromBinary(c.desc, bytes), refView) && es.equals(c.esDesc, es.fromBinary(c.esDesc, bytes), esView);
}

function checkTsProto(c: PeerCheckContext): number {
  const s = c.subs.get("tsProto")!;
  const esSub = c.subs.get("es")!;
  const equalsRef = viewOf(c, "ts-proto", presenceView(c.desc, c.fx.init), "optional fields set to zero, which its writer skips");
  // Its JSON limits: Duration as an object, and bool map keys read with Boolean().
  const jsonLimit = someField(
    c.desc,
    (f) => (f.fieldKind === "message" && f.message.typeName === "google.protobuf.Duration") || (f.fieldKind === "map" && f.mapKey === 8),
  );
  let n = 0;
  const attempt = (what: string, scope: FailScope, fn: () => string | undefined) => {
    n++;
    const known = scope === "json" && jsonLimit;
    try {
      const msg = fn();
      if (msg) c.fail("tsProto", msg, scope, known);
    } catch (e) {
      c.fail("tsProto", `${what} threw: ${(e as Error).message}`, scope, known);
    }
  };
  attempt("encode check", "all", () =>
    equalsRef(s.encode(s.message)) ? undefined : "its binary encoding decodes to a message that differs from pbjet's",
  );
  sizeNote(c, "ts-proto", s.encode(s.message).length);
  attempt("decode check", "all", () =>
    equalsRef(s.encode(s.decode(c.wire))) ? undefined : "decoding the reference bytes and encoding again changes the message",
  );
  attempt("read check", "all", () => {
    const v = c.normalize(s.readAt!(s.decode(c.wire)));
    return v === c.pbRead ? undefined : `read path ${c.fx.readPath.join(".")} gives ${v}, pbjet gives ${c.pbRead}`;
  });
  // Its JSON writer against ProtoJSON, and its JSON reader on the ProtoJSON text every row reads.
  attempt("JSON check", "json", () => {
    const text = s.toJson!(s.message);
    return equalsRef(esSub.encode(es.fromJsonString(c.esDesc, text)))
      ? undefined
      : "its toJSON text, read by @bufbuild/protobuf, gives a different message";
  });
  attempt("JSON check", "json", () =>
    equalsRef(s.encode(s.fromJson!(s.json!))) ? undefined : "fromJSON of the ProtoJSON text gives a different message",
  );
  return n;
}

function checkPbf(c: PeerCheckContext): number {
  const s = c.subs.get("pbf")!;
  const view = pbfView(c.desc, c.fx.init);
  const refView = pbjet.create(c.desc, view as Any);
  const equalsView = viewOf(c, "pbf", view, "64-bit values past 2^53, or optional fields set to zero");
  // Its limits: negative sint64 values past 2^52 lose their sign; scalar oneof members all written.
  const sint64Limit = hasBigNegativeSint64(c.desc, c.fx.init);
  const oneofLimit = someField(c.desc, (f) => f.oneof !== undefined && (f.fieldKind === "scalar" || f.fieldKind === "enum"));
  let n = 0;
  const attempt = (what: string, scope: FailScope, fn: () => string | undefined) => {
    n++;
    const known = sint64Limit || (scope === "reencode" && oneofLimit);
    try {
      const msg = fn();
      if (msg) c.fail("pbf", msg, scope, known);
    } catch (e) {
      c.fail("pbf", `${what} threw: ${(e as Error).message}`, scope, known);
    }
  };
  attempt("encode check", "all", () =>
    equalsView(s.encode(s.message)) ? undefined : "its binary encoding decodes to a message that differs from the fixture",
  );
  sizeNote(c, "pbf", s.encode(s.message).length);
  let decodes = false;
  attempt("decode check", "all", () => {
    const got = pbjet.create(c.desc, fromPbfObject(c.desc, s.decode(c.wire) as Record<string, unknown>) as Any);
    decodes = pbjet.equals(c.desc, got, refView);
    return decodes ? undefined : "the values it decodes from the reference bytes differ from the fixture's";
  });
  attempt("read check", "all", () => {
    const v = c.normalize(s.readAt!(s.decode(c.wire)));
    return v === c.pbRead ? undefined : `read path ${c.fx.readPath.join(".")} gives ${v}, pbjet gives ${c.pbRead}`;
  });
  // Re-encoding what it decoded (passthrough), once decoding is known to be right.
  if (decodes) {
    attempt("re-encode check", "reencode", () =>
      equalsView(s.encode(s.decode(c.wire)))
        ? undefined
        : `encoding what it decoded changes the message${oneofLimit ? " (its writer writes every scalar oneof member of the object it read)" : ""}: passthrough and decode-read-one-field-encode left out`,
    );
  }
  return n;
}

/** Notes a binary size that differs from the reference (valid protobuf either way; not a failure). */
function sizeNote(c: PeerCheckContext, lib: string, len: number): void {
  if (len !== c.wire.length)
    c.note(
      `${c.fx.id}: ${lib}'s encoding is ${len} bytes, @bufbuild/protobuf's ${c.wire.length} (it decodes to the same message as ${lib} holds it; e.g. packed proto2 repeated scalars, zero-valued optional fields or map entry keys and values left out)`,
    );
}

/** True if a field of the message, or of one it holds, satisfies `test`. */
function someField(desc: DescMessage, test: (f: DescField) => boolean, seen = new Set<string>()): boolean {
  if (seen.has(desc.typeName)) return false;
  seen.add(desc.typeName);
  for (const f of desc.fields) {
    if (test(f)) return true;
    const m = f.fieldKind === "message" ? f.message : f.fieldKind === "list" || f.fieldKind === "map" ? f.message : undefined;
    if (m && someField(m, test, seen)) return true;
  }
  return false;
}

const SINT64 = 18;
const TWO_52 = 2n ** 52n;

/** True if the init data holds a negative sint64 value past 2^52 in magnitude (anywhere in it). */
function hasBigNegativeSint64(desc: DescMessage, init: unknown): boolean {
  if (init === null || typeof init !== "object" || init instanceof Uint8Array) return false;
  const obj = init as Record<string, unknown>;
  const big = (v: unknown) => typeof v === "bigint" && v < -TWO_52;
  for (const f of desc.fields) {
    const raw = f.oneof ? (obj[f.oneof.localName] as { case?: string; value?: unknown } | undefined) : undefined;
    const value = f.oneof ? (raw?.case === f.localName ? raw.value : undefined) : obj[f.localName];
    if (value === undefined) continue;
    const values = f.fieldKind === "list" ? (value as unknown[]) : f.fieldKind === "map" ? Object.values(value as object) : [value];
    const scalar = (f as { scalar?: number }).scalar;
    if (scalar === SINT64 && values.some(big)) return true;
    const m = f.fieldKind === "message" || f.fieldKind === "list" || f.fieldKind === "map" ? f.message : undefined;
    if (m && values.some((v) => hasBigNegativeSint64(m, v))) return true;
  }
  return false;
}
