/**
 * The checks of trust mode (`{ lazy: true, validate: false }`), shared by trust.test.ts and the
 * worker it runs them in (so that a hang can be detected and stopped).
 *
 * A trusted view of any input, read in every way the API offers, throws nothing but
 * BinaryDecodeError; a field whose bytes are bad throws again when read again (never a silent
 * default value); and when the input is one the eager decoder accepts, the trusted view reads
 * exactly what the eager message holds.
 */
import * as fc from "fast-check";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import { isInitializable } from "../differential/arbitrary";
import { corruptionArb } from "./corrupt";
import { contentOf, describeError, encodingArb, errorOf, extensionsOf, hex, isMessageValue, typesOf, type SetName } from "./util";

/** Reads of one input that may throw only BinaryDecodeError. */
function touchAll(set: SetName, desc: pb.DescMessage, msg: unknown, problems: string[], depth = 0): void {
  const m = msg as Record<string, unknown>;
  const failed = Symbol();
  const guard = (what: string, fn: () => unknown): unknown => {
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof pb.BinaryDecodeError)) {
        problems.push(`${desc.typeName}: ${what} threw ${describeError(e)}`);
        return undefined;
      }
      // A bad field throws again: no default value was cached in its place.
      const again = errorOf(fn);
      if (!(again instanceof pb.BinaryDecodeError)) {
        problems.push(`${desc.typeName}: ${what} threw BinaryDecodeError, then ${again === undefined ? "returned" : describeError(again)}`);
      }
      return failed;
    }
  };
  for (const member of desc.members) {
    const v = guard(`reading ${member.localName}`, () => m[member.localName]);
    if (v === undefined || v === null || v === failed) continue;
    const visit = (d: pb.DescMessage | undefined, e: unknown) => {
      if (d !== undefined && isMessageValue(e) && depth < 200) touchAll(set, d, e, problems, depth + 1);
    };
    if (member.kind === "oneof") {
      const oo = v as { case?: string; value?: unknown };
      visit(member.fields.find((f) => f.localName === oo.case)?.message, oo.value);
    } else if (member.fieldKind === "list") {
      for (const e of v as unknown[]) visit(member.message, e);
    } else if (member.fieldKind === "map") {
      for (const e of Object.values(v as object)) visit(member.message, e);
    } else if (member.fieldKind === "message") {
      visit(member.message, v);
    }
  }
  guard("$unknown", () => (m as unknown as pb.Message).$unknown?.length);
  // isFieldSet() decodes the whole (sub-)message: in deep inputs, each level repeats the work
  // of the levels below, so presence and extensions are read near the top only.
  if (depth > 3) return;
  for (const f of desc.fields) {
    // All fields' presence comes from the same decode: once it failed, the rest would too.
    if (guard(`isFieldSet(${f.name})`, () => pb.isFieldSet(m as unknown as pb.Message, f)) === failed) break;
  }
  for (const ext of extensionsOf(set, desc.typeName)) {
    guard(`getExtension(${ext.typeName})`, () => pb.getExtension(m as never, ext as never));
  }
  if (depth === 0) {
    guard("materialize()", () => pb.materialize(desc, m as unknown as pb.Message));
    guard("clone()", () => pb.clone(desc, m as unknown as pb.Message));
    guard("equals()", () => pb.equals(desc, m as unknown as pb.Message, pb.create(desc)));
    guard("toMutable()", () => pb.toMutable(desc, m as unknown as pb.Message));
    guard("toText()", () => pb.toText(desc, m as unknown as pb.Message));
  }
}

/** The problems of one input in trust mode (empty if none). */
export function trustProblems(set: SetName, desc: pb.DescMessage, bytes: Uint8Array, options: Partial<pb.BinaryReadOptions> = {}): string[] {
  const problems: string[] = [];
  let view: pb.Message;
  try {
    view = pb.fromBinary(desc, bytes, { ...options, lazy: true, validate: false });
  } catch (e) {
    if (!(e instanceof pb.BinaryDecodeError)) problems.push(`fromBinary threw ${describeError(e)}`);
    return problems;
  }
  touchAll(set, desc, view, problems);
  // A view that keeps unknown fields, read or not, writes its input.
  if (options.readUnknownFields !== false && hex(pb.toBinary(desc, view)) !== hex(bytes)) {
    problems.push("toBinary(view) is not the input");
  }
  // Where the input is valid, the trusted view reads what the eager decode holds.
  let eager: pb.Message | undefined;
  if (errorOf(() => (eager = pb.fromBinary(desc, bytes, options))) === undefined) {
    const fresh = pb.fromBinary(desc, bytes, { ...options, lazy: true, validate: false });
    const walk = { set };
    let read: unknown;
    const e = errorOf(() => (read = contentOf(desc, fresh, "view", walk)));
    if (e !== undefined) problems.push(`valid input, but reading the trusted view threw ${describeError(e)}`);
    else if (JSON.stringify(read) !== JSON.stringify(contentOf(desc, eager, "eager", walk))) {
      problems.push("valid input, but the trusted view reads differently from the eager decode");
    }
  }
  return problems;
}

export interface TrustRun {
  typeName: string;
  cases: number;
  /** Inputs the trusted read rejected somewhere with BinaryDecodeError. */
  rejected: number;
  maxMs: number;
  slowest: string;
  failures: string[];
}

/** Checks random bytes and corruptions of valid encodings of one type in trust mode. */
export function runTrustCases(set: SetName, typeName: string, seed: number, runs: number): TrustRun {
  const desc = typesOf(set).find((t) => t.typeName === typeName)!;
  const options = fc.constantFrom<Partial<pb.BinaryReadOptions>>({}, { recursionLimit: 4 }, { readUnknownFields: false });
  const inputs = fc.sample(
    fc.tuple(
      isInitializable(desc)
        ? fc.oneof(fc.uint8Array({ maxLength: 64 }), corruptionArb(encodingArb(set, desc, { depth: 2, maxElements: 2 }), desc))
        : fc.uint8Array({ maxLength: 64 }),
      options,
    ),
    { numRuns: runs, seed },
  );
  const out: TrustRun = { typeName, cases: 0, rejected: 0, maxMs: 0, slowest: "", failures: [] };
  for (const [bytes, opts] of inputs) {
    const t0 = performance.now();
    let problems: string[];
    try {
      problems = trustProblems(set, desc, bytes, opts);
    } catch (e) {
      problems = [`the check itself threw ${describeError(e)}`];
    }
    const ms = performance.now() - t0;
    out.cases++;
    if (errorOf(() => pb.fromBinary(desc, bytes, opts)) !== undefined) out.rejected++;
    if (ms > out.maxMs) {
      out.maxMs = ms;
      out.slowest = hex(bytes);
    }
    for (const p of problems) {
      if (out.failures.length < 5) out.failures.push(`${p} (input ${hex(bytes)}, options ${JSON.stringify(opts)})`);
    }
  }
  return out;
}
