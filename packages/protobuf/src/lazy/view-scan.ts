/**
 * Scanning a view: one pass over its bytes, on the first read of any of its fields, that
 * decodes the scalar fields (oneof members too) and records where every other field occurs,
 * without decoding it.
 */
import { BinaryReader } from "../wire/binary-reader.js";
import { BinaryDecodeError, unexpectedEndGroup } from "../wire/errors.js";
import { WireType } from "../wire/wire-type.js";
import type { UnknownField } from "../types.js";
import { SlotKind, type OneofSlot, type Slot, type ViewPlan } from "./view-plan.js";
import type { ViewState } from "./view-state.js";
import { ASCII_CACHE_MAX_LENGTH, cachedAscii } from "../wire/ascii-cache.js";

/**
 * A reader over the view's input, shared by the scans and slot decodes of the views of one
 * decode call (which never nest), so that they share one reader (and its UTF-8 decoders). It is
 * kept in their context, so it lives as long as they do.
 */
export function viewReader(state: ViewState): BinaryReader {
  const ctx = state.ctx;
  let r = ctx.reader;
  if (r === undefined || r.buf !== state.buf) r = ctx.reader = new BinaryReader(state.buf);
  return r;
}

/**
 * The next free index for an occurrence record in the array being scanned (scans never nest).
 * The array is allocated with the size the type's recent views needed (`plan.size`), so its
 * length does not tell where the records end.
 */
let top = 0;

/** The most a type's views preallocate for occurrence records (larger views grow the array). */
const MAX_PREALLOCATED = 256;

/** Scans the view's bytes into its slots; returns (and stores) the slot values. */
export function scanView(state: ViewState): unknown[] {
  const plan = state.plan;
  const values: unknown[] = new Array(plan.size);
  // The occurrence records go after the slots, in the same array: one allocation per view.
  const occ = values as number[];
  const r = viewReader(state);
  state.unknown = undefined;
  top = plan.slots.length;
  scanRange(plan, state, values, occ, r, state.start, state.end);
  const more = state.more;
  if (more !== undefined) for (let i = 0; i < more.length; i += 2) scanRange(plan, state, values, occ, r, more[i], more[i + 1]);
  // Grows at once to what a view needed; shrinks slowly while views need less than half, so
  // that one large view does not make every later view of the type allocate its size.
  const size = plan.size;
  if (top > size) {
    if (size < MAX_PREALLOCATED) plan.size = top < MAX_PREALLOCATED ? top : MAX_PREALLOCATED;
  } else if (top < size >> 1) {
    plan.size = size - (size >> 4);
  }
  const unknown = state.unknown as readonly UnknownField[] | undefined;
  // The entries are frozen (the list itself is handed out mutable, see view-change.ts).
  if (unknown !== undefined) for (const u of unknown) Object.freeze(u);
  state.occ = occ;
  state.values = values;
  return values;
}

function scanRange(plan: ViewPlan, state: ViewState, values: unknown[], occ: number[], r: BinaryReader, start: number, end: number): void {
  const buf = r.buf;
  const dense = plan.dense;
  r.pos = start;
  r.len = end;
  let no = 0;
  try {
    while (r.pos < end) {
      const at = r.pos;
      // The tag is read inline (as in the eager decoder; BinaryReader.rawTag() costs ~10% here).
      const b = buf[at];
      let tag: number;
      if (b < 0x80) {
        tag = b;
        r.pos = at + 1;
      } else {
        tag = r.tagU32();
      }
      no = tag >>> 3;
      const wt = tag & 7;
      if (no === 0 || wt > 5) throw BinaryDecodeError.illegalTag(no, wt, at);
      if (wt === WireType.EndGroup) throw unexpectedEndGroup(no, at, 0);
      const slot = no < dense.length ? dense[no] : plan.sparse.get(no);
      if (slot !== undefined && ((slot.wireTypes >>> wt) & 1) === 1 && scanSlot(state, slot, values, occ, r, tag, wt, no)) continue;
      const dataStart = r.pos;
      r.skipValue(wt, no, state.ctx.maxDepth - state.depth);
      if (state.ctx.readUnknown) {
        (state.unknown as UnknownField[] | undefined) ??= [];
        (state.unknown as UnknownField[]).push({ no, wireType: wt, data: buf.subarray(dataStart, r.pos) });
      }
    }
  } catch (e) {
    throw e instanceof BinaryDecodeError ? e.withField(plan.desc.typeName, no) : e;
  }
}

/** Records or decodes one occurrence of a slot's field; false if it is an unknown field after all. */
function scanSlot(state: ViewState, slot: Slot, values: unknown[], occ: number[], r: BinaryReader, tag: number, wt: number, no: number): boolean {
  const i = slot.index;
  switch (slot.kind) {
    case SlotKind.Scalar:
      values[i] = slot.read!(r);
      return true;
    case SlotKind.EagerDecoded:
      return decodeIntoSlot(state, slot, values, r, wt);
    case SlotKind.Oneof:
      return scanOneof(state, slot as OneofSlot, values, occ, r, tag, wt, no);
    case SlotKind.String: {
      // A short ASCII string (a key, a name) is decoded now: from the string cache, it costs
      // less than recording the occurrence and decoding it on access.
      const buf = r.buf;
      const pos = r.pos;
      const n = pos < r.len ? buf[pos] : 0x80;
      if (n <= ASCII_CACHE_MAX_LENGTH && pos + 1 + n <= r.len) {
        const s = cachedAscii(buf, pos + 1, pos + 1 + n);
        if (s !== undefined) {
          r.pos = pos + 1 + n;
          values[i] = s;
          return true;
        }
      }
      return recordOccurrence(slot, values, occ, r, tag, wt, no);
    }
    default:
      return recordOccurrence(slot, values, occ, r, tag, wt, no);
  }
}

/**
 * A string decoded now; with `verify`, undefined (the position kept) if the bytes are not
 * valid UTF-8, so that its first access decodes it and reports the error.
 */
function scanString(r: BinaryReader, verify: boolean): string | undefined {
  if (!verify) return r.string(false);
  const start = r.pos;
  try {
    return r.string(true);
  } catch {
    r.pos = start;
    return undefined;
  }
}

/** Records where an occurrence of the slot's field is, to decode it on first access. */
function recordOccurrence(slot: Slot, values: unknown[], occ: number[], r: BinaryReader, tag: number, wt: number, no: number): boolean {
  const i = slot.index;
  const start = r.pos;
  skipKnown(r, wt, no);
  const prev = values[i];
  const k = top;
  occ[k] = start;
  occ[k + 1] = r.pos;
  occ[k + 2] = tag;
  occ[k + 3] = slot.lastOnly || prev === undefined ? -1 : (prev as number);
  top = k + 4;
  values[i] = k;
  return true;
}

/** Skips a value of a known field (inline for the common wire types). */
function skipKnown(r: BinaryReader, wt: number, no: number): void {
  if (wt === WireType.LengthDelimited) {
    // A one-byte length inline; longer ones through the reader.
    const pos = r.pos;
    const n = pos < r.len ? r.buf[pos] : 0x80;
    if (n < 0x80 && pos + 1 + n <= r.len) r.pos = pos + 1 + n;
    else r.pos = r.readEnd();
  } else if (wt === WireType.Bit64 && r.pos + 8 <= r.len) {
    r.pos += 8;
  } else if (wt === WireType.Varint) {
    const buf = r.buf;
    const pos = r.pos;
    if (pos < r.len && buf[pos] < 0x80) r.pos = pos + 1;
    else r.skipValue(wt, no);
  } else {
    r.skipValue(wt, no);
  }
}

/** Decodes one occurrence with the eager field decoder into the slot (a scratch holder keeps the decoder's shape). */
function decodeIntoSlot(state: ViewState, slot: Slot, values: unknown[], r: BinaryReader, wt: number): boolean {
  const field = slot.field!;
  let current = values[slot.index];
  if (current === undefined) current = field.fieldKind === "list" ? [] : field.fieldKind === "map" ? {} : undefined;
  const holder: { [k: string]: unknown; $unknown?: UnknownField[] } = { [slot.name]: current };
  if (!slot.decoder!(holder, r, wt, state.depth, state.ctx)) return false;
  values[slot.index] = holder[slot.name];
  takeUnknown(state, holder);
  return true;
}

function scanOneof(
  state: ViewState,
  slot: OneofSlot,
  values: unknown[],
  occ: number[],
  r: BinaryReader,
  tag: number,
  wt: number,
  no: number,
): boolean {
  const member = slot.members.get(no)!;
  const i = slot.index;
  if (member.scanDecoder !== undefined) {
    // A closed enum member may route an unknown value to the unknown fields: it is decoded
    // now. A known value selects the member, replacing any earlier one.
    const holder: { [k: string]: unknown; $unknown?: UnknownField[] } = { [slot.name]: { case: undefined } };
    if (!member.scanDecoder(holder, r, wt, state.depth, state.ctx)) return false;
    const value = holder[slot.name] as { case: string | undefined };
    if (value.case !== undefined) values[i] = value;
    takeUnknown(state, holder);
    return true;
  }
  if (wt !== member.wireType) return false;
  if (member.read !== undefined) {
    // A scalar member is read now, the one visit of its bytes (the last member seen wins).
    const value = member.verifyUtf8 ? scanString(r, !state.ctx.validated) : state.ctx.validated ? member.readValidated!(r) : member.read(r);
    if (value !== undefined) {
      values[i] = { case: member.field.localName, value };
      return true;
    }
  }
  const start = r.pos;
  skipKnown(r, wt, no);
  // The last member seen wins; repeated occurrences of a message member merge.
  const prev = values[i];
  const same = typeof prev === "number" && occ[prev + 2] >>> 3 === no && member.field.fieldKind === "message";
  const k = top;
  occ[k] = start;
  occ[k + 1] = r.pos;
  occ[k + 2] = tag;
  occ[k + 3] = same ? prev : -1;
  top = k + 4;
  values[i] = k;
  return true;
}

function takeUnknown(state: ViewState, holder: { $unknown?: UnknownField[] }): void {
  if (holder.$unknown !== undefined) {
    (state.unknown as UnknownField[] | undefined) ??= [];
    (state.unknown as UnknownField[]).push(...holder.$unknown);
  }
}
