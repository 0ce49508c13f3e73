/**
 * Corruptions of valid encodings for the rejection and trust-mode suites: byte-level (bit
 * flips, truncations, inserted bytes) and structural, on a parsed wire tree (overlong and
 * over-long varints in tags, lengths and values, wrong wire types, wrong field numbers, wrong
 * lengths, mismatched end-group tags), invalid UTF-8 in fields that require valid UTF-8, and
 * nesting beyond the depth limit along the recursive paths of a schema (length-delimited
 * messages, groups and map values).
 */
import * as fc from "fast-check";
import * as pb from "@pbjet/protobuf";
import { concat, EGROUP, LEN, lenField, groupField, readVarint, Rng, SGROUP, varint, VARINT, BIT32, BIT64 } from "./util";

/** One field of a parsed encoding. */
interface WireNode {
  /** The tag's bytes. */
  tag: number[];
  no: number;
  wireType: number;
  /** VARINT, BIT32, BIT64: the value's bytes; LEN: the payload if it does not parse as fields. */
  raw?: Uint8Array;
  /** LEN whose payload parses as fields, and groups: the fields. */
  children?: WireNode[];
  /** LEN: bytes of the length prefix, if not the (correct) minimal ones. */
  lenBytes?: number[];
  /** LEN: the size of the (correct) length prefix, if padded. */
  lenSize?: number;
  /** Groups: the end-group tag's bytes. */
  endTag?: number[];
}

function parseNodes(buf: Uint8Array, depth: number): WireNode[] | undefined {
  const out: WireNode[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const r = parseNode(buf, pos, depth);
    if (r === undefined) return undefined;
    out.push(r[0]);
    pos = r[1];
  }
  return out;
}

function parseNode(buf: Uint8Array, pos: number, depth: number): [WireNode, number] | undefined {
  const t = readVarint(buf, pos);
  if (t === undefined || t[0] > 0xffffffff) return undefined;
  const tag = Array.from(buf.subarray(pos, t[1]));
  const no = Math.floor(t[0] / 8);
  const wireType = t[0] % 8;
  if (no === 0) return undefined;
  pos = t[1];
  switch (wireType) {
    case VARINT: {
      const v = readVarint(buf, pos);
      if (v === undefined) return undefined;
      return [{ tag, no, wireType, raw: buf.subarray(pos, v[1]) }, v[1]];
    }
    case BIT64:
    case BIT32: {
      const n = wireType === BIT64 ? 8 : 4;
      if (pos + n > buf.length) return undefined;
      return [{ tag, no, wireType, raw: buf.subarray(pos, pos + n) }, pos + n];
    }
    case LEN: {
      const v = readVarint(buf, pos);
      if (v === undefined || v[1] + v[0] > buf.length) return undefined;
      const payload = buf.subarray(v[1], v[1] + v[0]);
      const children = depth < 20 && payload.length > 0 ? parseNodes(payload, depth + 1) : undefined;
      return [children ? { tag, no, wireType, children } : { tag, no, wireType, raw: payload }, v[1] + v[0]];
    }
    case SGROUP: {
      const children: WireNode[] = [];
      for (;;) {
        const e = readVarint(buf, pos);
        if (e === undefined) return undefined;
        if (e[0] % 8 === EGROUP) {
          if (Math.floor(e[0] / 8) !== no) return undefined;
          return [{ tag, no, wireType, children, endTag: Array.from(buf.subarray(pos, e[1])) }, e[1]];
        }
        if (depth >= 20) return undefined;
        const c = parseNode(buf, pos, depth + 1);
        if (c === undefined) return undefined;
        children.push(c[0]);
        pos = c[1];
      }
    }
    default:
      return undefined;
  }
}

function serialize(nodes: WireNode[]): Uint8Array {
  return concat(...nodes.map(serializeNode));
}

function serializeNode(n: WireNode): Uint8Array {
  switch (n.wireType) {
    case LEN: {
      const payload = n.children ? serialize(n.children) : n.raw!;
      return concat(n.tag, n.lenBytes ?? pad(varint(payload.length), n.lenSize ?? 0), payload);
    }
    case SGROUP:
      return concat(n.tag, serialize(n.children!), n.endTag!);
    default:
      return concat(n.tag, n.raw ?? []);
  }
}

function allNodes(nodes: WireNode[], out: WireNode[] = []): WireNode[] {
  for (const n of nodes) {
    out.push(n);
    if (n.children) allNodes(n.children, out);
  }
  return out;
}

/** A varint's bytes padded to `size` bytes with redundant continuation bytes (over 10: invalid). */
function pad(bytes: number[] | Uint8Array, size: number): number[] {
  const out = Array.from(bytes);
  if (out.length >= size) return out;
  out[out.length - 1] |= 0x80;
  while (out.length < size - 1) out.push(0x80);
  out.push(0);
  return out;
}

const badUtf8: number[][] = [
  [0xff],
  [0xc0, 0x80], // overlong NUL
  [0xed, 0xa0, 0x80], // surrogate
  [0xe2, 0x82], // truncated
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0x61, 0x80, 0x62], // lone continuation byte
  [0xf0, 0x9f, 0x98], // truncated 4-byte
];

/** A structural corruption of a random field of an encoding; undefined if it does not parse. */
export function corruptStructure(bytes: Uint8Array, rng: Rng, desc: pb.DescMessage): Uint8Array | undefined {
  const tree = parseNodes(bytes, 0);
  if (tree === undefined || tree.length === 0) return undefined;
  const nodes = allNodes(tree);
  const n = rng.pick(nodes);
  switch (rng.int(8)) {
    case 0:
      // Tag (or end-group tag) with redundant continuation bytes: valid up to 10 bytes,
      // invalid at 11.
      if (n.endTag !== undefined && n.endTag.length > 0 && rng.bool()) n.endTag = pad(n.endTag, n.endTag.length + 1 + rng.int(11 - n.endTag.length));
      else n.tag = pad(n.tag, n.tag.length + 1 + rng.int(11 - n.tag.length));
      break;
    case 1:
      if (n.wireType === LEN) {
        n.lenSize = 2 + rng.int(10);
      } else if (n.wireType === VARINT) {
        n.raw = new Uint8Array(pad(n.raw!, n.raw!.length + 1 + rng.int(Math.max(1, 11 - n.raw!.length))));
      } else {
        n.tag = pad(n.tag, 11);
      }
      break;
    case 2:
      // Another wire type (6 and 7 included); the content stays as it was.
      n.tag = varint(n.no * 8 + ((n.wireType + 1 + rng.int(7)) % 8));
      break;
    case 3: {
      // Another field number: a known field of another type, or a large or zero one.
      const numbers = [...desc.fields.map((f) => f.number), 0, 536870911, 19000, 1];
      n.tag = varint(rng.pick(numbers) * 8 + n.wireType);
      break;
    }
    case 4:
      // A length one too small or too large.
      if (n.wireType === LEN) {
        const payload = n.children ? serialize(n.children) : n.raw!;
        n.lenBytes = varint(Math.max(0, payload.length + (rng.bool() ? 1 : -1)));
      } else if (n.wireType === SGROUP) {
        n.endTag = varint((n.no + 1) * 8 + EGROUP);
      } else {
        n.raw = n.raw!.subarray(0, Math.max(0, n.raw!.length - 1));
      }
      break;
    case 5:
      // An end-group tag where none belongs, or a group without its end.
      if (n.wireType === SGROUP && rng.bool()) n.endTag = [];
      else n.tag = varint(n.no * 8 + EGROUP);
      break;
    case 6:
      // Invalid UTF-8 in a payload that is not a message.
      if (n.wireType === LEN) {
        n.children = undefined;
        n.raw = concat([0x61], rng.pick(badUtf8));
      } else {
        n.children = undefined;
        n.tag = varint(n.no * 8 + LEN);
        n.wireType = LEN;
        n.raw = new Uint8Array(rng.pick(badUtf8));
      }
      break;
    default:
      // An empty value.
      n.raw = new Uint8Array(0);
      n.children = n.wireType === SGROUP ? [] : undefined;
      break;
  }
  return serialize(tree);
}

/**
 * A valid encoding with redundant continuation bytes in random varints (tags, end-group tags,
 * lengths, values), tags at most 5 bytes long and the others 10; the bytes unchanged if they
 * do not parse.
 */
export function padVarints(bytes: Uint8Array, rng: Rng): Uint8Array {
  const tree = parseNodes(bytes, 0);
  if (tree === undefined) return bytes;
  // A tag is a uint32 varint: at most 5 bytes; other varints take up to 10.
  const longer = (v: number[] | Uint8Array, max = 10) =>
    v.length >= max || rng.bool(0.6) ? Array.from(v) : pad(v, v.length + 1 + rng.int(max - v.length));
  for (const n of allNodes(tree)) {
    n.tag = longer(n.tag, 5);
    if (n.endTag !== undefined) n.endTag = longer(n.endTag, 5);
    if (n.wireType === LEN && rng.bool(0.4)) n.lenSize = 2 + rng.int(9);
    if (n.wireType === VARINT) n.raw = new Uint8Array(longer(n.raw!));
  }
  return serialize(tree);
}

/** Byte-level corruptions: a bit flip, a truncation, or inserted bytes. */
export function corruptBytes(bytes: Uint8Array, rng: Rng): Uint8Array {
  const len = bytes.length;
  switch (rng.int(3)) {
    case 0: {
      if (len === 0) return new Uint8Array([rng.int(256)]);
      const out = bytes.slice();
      out[rng.int(len)] ^= 1 << rng.int(8);
      return out;
    }
    case 1:
      return bytes.subarray(0, rng.int(Math.max(len, 1)));
    default: {
      const at = rng.int(len + 1);
      const ins = Array.from({ length: 1 + rng.int(4) }, () => rng.pick([0x80, 0xff, 0x00, 0x7f, 0x0a, 0x0b, 0x0c, 0x12, 0x1a, rng.int(256)]));
      return concat(bytes.subarray(0, at), ins, bytes.subarray(at));
    }
  }
}

/** Corrupted versions of valid encodings: 1-3 corruptions of random kinds. */
export function corruptionArb(valid: fc.Arbitrary<Uint8Array>, desc: pb.DescMessage): fc.Arbitrary<Uint8Array> {
  return fc.tuple(valid, fc.integer()).map(([bytes, seed]) => {
    const rng = new Rng(seed);
    let out = bytes;
    const n = 1 + rng.int(3);
    for (let i = 0; i < n; i++) {
      out = (rng.bool(0.6) ? corruptStructure(out, rng, desc) : undefined) ?? corruptBytes(out, rng);
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------
// Invalid UTF-8 in fields that require valid UTF-8
// ---------------------------------------------------------------------------------------

/** Wraps a message's content as the value of field f (length-delimited, group, or map value). */
function wrap(f: pb.DescField, content: Uint8Array): Uint8Array {
  if (f.fieldKind === "map") return lenField(f.number, lenField(2, content));
  if ((f as { delimitedEncoding?: boolean }).delimitedEncoding) return groupField(f.number, content);
  return lenField(f.number, content);
}

/**
 * Fields holding invalid UTF-8 where the schema requires valid UTF-8 (strings, string map
 * keys and values), directly or inside sub-messages up to `depth` levels deep.
 */
export function invalidUtf8Fields(desc: pb.DescMessage, depth: number, bad: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  const text = concat([0x6f, 0x6b], bad);
  for (const f of desc.fields) {
    if (f.fieldKind === "map") {
      if (f.mapKey === pb.ScalarType.STRING && utf8Verify(f)) out.push(lenField(f.number, lenField(1, text)));
      if (f.scalar === pb.ScalarType.STRING && utf8Verify(f)) out.push(lenField(f.number, lenField(2, text)));
    } else if (f.scalar === pb.ScalarType.STRING && utf8Verify(f)) {
      out.push(lenField(f.number, text));
    }
    if (f.message !== undefined && depth > 0) {
      for (const inner of invalidUtf8Fields(f.message, depth - 1, bad).slice(0, 4)) out.push(wrap(f, inner));
    }
  }
  return out;
}

function utf8Verify(f: pb.DescField): boolean {
  return f.utf8Validation;
}

export const badUtf8Sequences = badUtf8;

// ---------------------------------------------------------------------------------------
// Deep nesting
// ---------------------------------------------------------------------------------------

/** A path of fields that leads from a message type back to itself (shortest first, up to 3 fields). */
export function recursivePaths(desc: pb.DescMessage, maxLen = 3): pb.DescField[][] {
  const out: pb.DescField[][] = [];
  const walk = (d: pb.DescMessage, path: pb.DescField[]) => {
    if (path.length >= maxLen) return;
    for (const f of d.fields) {
      if (f.message === undefined) continue;
      // Struct fields outside google.protobuf.Value are JSON, and wrappers are scalars: both
      // still nest on the wire, so they are kept.
      const next = [...path, f];
      if (f.message.typeName === desc.typeName) out.push(next);
      else walk(f.message, next);
    }
  };
  walk(desc, []);
  return out.sort((a, b) => a.length - b.length);
}

/**
 * An encoding nested `n` times along a recursive path, built from the inside out into one
 * buffer (n can be 10,000 and more without quadratic copying).
 */
export function nested(path: pb.DescField[], n: number, innermost: Uint8Array = new Uint8Array(0)): Uint8Array {
  // The value grows in the middle of one buffer: tags and lengths are prepended, end-group
  // tags appended.
  const cap = innermost.length + n * path.length * 24 + 64;
  const buf = new Uint8Array(cap * 2);
  let start = cap;
  let end = cap + innermost.length;
  buf.set(innermost, start);
  const prepend = (bytes: number[]) => {
    start -= bytes.length;
    buf.set(bytes, start);
  };
  const append = (bytes: number[]) => {
    buf.set(bytes, end);
    end += bytes.length;
  };
  for (let level = 0; level < n; level++) {
    for (let i = path.length - 1; i >= 0; i--) {
      const f = path[i];
      if ((f as { delimitedEncoding?: boolean }).delimitedEncoding) {
        append(varint(f.number * 8 + EGROUP));
        prepend(varint(f.number * 8 + SGROUP));
      } else if (f.fieldKind === "map") {
        // A map entry with the nested message as its value (field 2).
        prepend(varint(end - start));
        prepend(varint(2 * 8 + LEN));
        prepend(varint(end - start));
        prepend(varint(f.number * 8 + LEN));
      } else {
        prepend(varint(end - start));
        prepend(varint(f.number * 8 + LEN));
      }
    }
  }
  return buf.slice(start, end);
}

/** Unknown groups (of a field number the type does not declare) nested n deep. */
export function nestedUnknownGroups(desc: pb.DescMessage, n: number): Uint8Array {
  let no = 536870911;
  const used = new Set(desc.fields.map((f) => f.number));
  while (used.has(no)) no--;
  const open = varint(no * 8 + SGROUP);
  const close = varint(no * 8 + EGROUP);
  const out = new Uint8Array(n * (open.length + close.length));
  for (let i = 0; i < n; i++) out.set(open, i * open.length);
  for (let i = 0; i < n; i++) out.set(close, n * open.length + i * close.length);
  return out;
}
