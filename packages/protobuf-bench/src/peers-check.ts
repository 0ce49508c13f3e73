// Correctness checks of the ts-proto and pbf rows, run by matrix.ts before timing, as for the
// other rows: their bytes decode (in pbjet and in @bufbuild/protobuf) to the fixture's message, they
// decode the reference bytes to the same values, and what they re-encode decodes to an equal message.
// pbf is compared with the fixture as pbf can hold it (peers-convert.ts's pbfView).

import * as pbjet from "@pbjet/protobuf";
import type { DescMessage } from "@pbjet/protobuf";
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
  fail(lib: LibId, msg: string, scope?: FailScope): void;
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
  let n = 0;
  const attempt = (what: string, scope: FailScope, fn: () => string | undefined) => {
    n++;
    try {
      const msg = fn();
      if (msg) c.fail("tsProto", msg, scope);
    } catch (e) {
      c.fail("tsProto", `${what} threw: ${(e as Error).message}`, scope);
    }
  };
  attempt("encode check", "all", () => (equalsRef(s.encode(s.message)) ? undefined : "its binary encoding decodes to a message that differs from pbjet's"));
  attempt("size check", "none", () => {
    const len = s.encode(s.message).length;
    return len === c.wire.length ? undefined : `binary size ${len} differs from @bufbuild/protobuf's ${c.wire.length}`;
  });
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
  let n = 0;
  const attempt = (what: string, scope: FailScope, fn: () => string | undefined) => {
    n++;
    try {
      const msg = fn();
      if (msg) c.fail("pbf", msg, scope);
    } catch (e) {
      c.fail("pbf", `${what} threw: ${(e as Error).message}`, scope);
    }
  };
  attempt("encode check", "all", () => (equalsView(s.encode(s.message)) ? undefined : "its binary encoding decodes to a message that differs from the fixture"));
  attempt("size check", "none", () => {
    const len = s.encode(s.message).length;
    return len === c.wire.length ? undefined : `binary size ${len} differs from @bufbuild/protobuf's ${c.wire.length}`;
  });
  attempt("decode check", "all", () => {
    const got = pbjet.create(c.desc, fromPbfObject(c.desc, s.decode(c.wire) as Record<string, unknown>) as Any);
    return pbjet.equals(c.desc, got, refView) ? undefined : "the values it decodes from the reference bytes differ from the fixture's";
  });
  attempt("read check", "all", () => {
    const v = c.normalize(s.readAt!(s.decode(c.wire)));
    return v === c.pbRead ? undefined : `read path ${c.fx.readPath.join(".")} gives ${v}, pbjet gives ${c.pbRead}`;
  });
  attempt("re-encode check", "reencode", () =>
    equalsView(s.encode(s.decode(c.wire)))
      ? undefined
      : "encoding what it decoded changes the message (its writer writes every scalar oneof member of the object it read): passthrough and decode-read-one-field-encode left out",
  );
  return n;
}
