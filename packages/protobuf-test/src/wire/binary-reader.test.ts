import pb = require("@pbjet/protobuf/wire");
import es = require("@bufbuild/protobuf/wire");
import fc = require("fast-check");

const { BinaryDecodeError, BinaryReader, BinaryWriter, ProtobufError, WireType } = pb;
type BinaryDecodeError = pb.BinaryDecodeError;
type BinaryReader = pb.BinaryReader;
type WireType = pb.WireType;
function fromHex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.replace(/\s+/g, ""), "hex"));
}
function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
/** Members marked @internal (stripped from the published .d.ts). */
interface InternalReader extends pb.BinaryReader {
  rawTag(): number;
  readEnd(): number;
  pushLimit(end: number): number;
  popLimit(prev: number): void;
  int64String(): string;
  uint64String(): string;
  sint64String(): string;
  fixed64String(): string;
  sfixed64String(): string;
  stringStrict(): string;
}
function internalReader(bytes: Uint8Array): InternalReader {
  return new pb.BinaryReader(bytes) as InternalReader;
}
const UINT64_MAX = 2n ** 64n - 1n;

function reader(text: string): BinaryReader {
  return new BinaryReader(fromHex(text));
}

/** Expect `f` to throw a BinaryDecodeError whose message matches and names its offset. */
function decodeError(f: () => unknown, message: RegExp | string, offset?: number): BinaryDecodeError {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(BinaryDecodeError);
  const e = err as BinaryDecodeError;
  expect(e).toBeInstanceOf(ProtobufError);
  expect(e.name).toBe("BinaryDecodeError");
  expect(e.message).toMatch(message);
  expect(e.message).toMatch(/at offset \d+/);
  expect(e.message).toContain(`offset ${e.offset}`);
  if (offset !== undefined) expect(e.offset).toBe(offset);
  return e;
}

describe("BinaryReader round trips", () => {
  test("32-bit values", () => {
    const ints = [0, 1, -1, 127, 128, 2 ** 31 - 1, -(2 ** 31)];
    const uints = [0, 1, 127, 128, 16384, 2 ** 31, 2 ** 32 - 1];
    const w = new BinaryWriter();
    for (const v of ints) w.int32(v).sint32(v).sfixed32(v);
    for (const v of uints) w.uint32(v).fixed32(v);
    const r = new BinaryReader(w.finish());
    for (const v of ints) expect([r.int32(), r.sint32(), r.sfixed32()]).toEqual([v, v, v]);
    for (const v of uints) expect([r.uint32(), r.fixed32()]).toEqual([v, v]);
    expect(r.pos).toBe(r.len);
  });
  test("64-bit values as bigint and strings", () => {
    const signed = [0n, 1n, -1n, 2n ** 31n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, INT64_MAX, INT64_MIN];
    const unsigned = [0n, 1n, 127n, 128n, 2n ** 32n - 1n, 2n ** 53n + 1n, 2n ** 63n, UINT64_MAX];
    const w = new BinaryWriter();
    for (const v of signed) w.int64(v).sint64(v).sfixed64(v);
    for (const v of unsigned) w.uint64(v).fixed64(v);
    const bytes = w.finish();
    const r = new BinaryReader(bytes);
    for (const v of signed) expect([r.int64(), r.sint64(), r.sfixed64()]).toEqual([v, v, v]);
    for (const v of unsigned) expect([r.uint64(), r.fixed64()]).toEqual([v, v]);
    const s = internalReader(bytes);
    for (const v of signed) expect([s.int64String(), s.sint64String(), s.sfixed64String()]).toEqual([`${v}`, `${v}`, `${v}`]);
    for (const v of unsigned) expect([s.uint64String(), s.fixed64String()]).toEqual([`${v}`, `${v}`]);
  });
  test("floats and doubles", () => {
    const vals = [0, -0, 1, -1.5, NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE];
    const w = new BinaryWriter();
    for (const v of vals) w.double(v).float(Math.fround(v));
    const r = new BinaryReader(w.finish());
    for (const v of vals) {
      expect(Object.is(r.double(), v)).toBe(true);
      expect(Object.is(r.float(), Math.fround(v))).toBe(true);
    }
  });
  test("bool accepts any varint", () => {
    const r = reader("00 01 02 8001 ffffffffffffffffff01 8080808080808080 8000");
    expect([r.bool(), r.bool(), r.bool(), r.bool(), r.bool()]).toEqual([false, true, true, true, true]);
    expect(r.bool()).toBe(false); // 9-byte zero with continuation bits
  });
  test("uint32 of a 10-byte varint takes the low 32 bits", () => {
    expect(reader("ffffffffffffffffff01").uint32()).toBe(0xffffffff);
    expect(reader("ffffffffffffffffff01").int32()).toBe(-1);
    expect(reader("8180808010").uint32()).toBe(1); // bits above 32 dropped
    expect(reader("80808080f8ffffffff01").int32()).toBe(-(2 ** 31));
  });
  test("bytes() returns a view, not a copy", () => {
    const buf = fromHex("03aabbcc");
    const b = new BinaryReader(buf).bytes();
    expect(hex(b)).toBe("aabbcc");
    expect(b.buffer).toBe(buf.buffer);
  });
  test("reader over a subarray with an offset", () => {
    const big = fromHex("ff ff 0a 01 000000000000f03f ff");
    const r = new BinaryReader(big.subarray(2, 12));
    expect(r.len).toBe(10);
    expect(r.uint32()).toBe(10);
    expect(r.uint32()).toBe(1);
    expect(r.double()).toBe(1);
    decodeError(() => r.uint32(), /premature EOF at offset 10/, 10);
  });
  test("tag() and rawTag()", () => {
    const r = internalReader(fromHex("08 7a 8001 f8ffffff0f"));
    expect(r.tag()).toEqual([1, WireType.Varint]);
    expect(r.rawTag()).toBe(0x7a);
    expect(r.tag()).toEqual([16, WireType.Varint]);
    expect(r.tag()).toEqual([2 ** 29 - 1, WireType.Varint]);
  });
  test("reads what protobuf-es wrote", () => {
    const w = new es.BinaryWriter();
    w.tag(1, WireType.LengthDelimited)
      .fork()
      .string("héllo")
      .int64(-5n)
      .join()
      .double(2.5)
      .sint64(-(2n ** 62n));
    const r = new BinaryReader(w.finish());
    expect(r.tag()).toEqual([1, WireType.LengthDelimited]);
    expect(r.uint32()).toBe(7 + 10);
    expect(r.string()).toBe("héllo");
    expect(r.int64()).toBe(-5n);
    expect(r.double()).toBe(2.5);
    expect(r.sint64()).toBe(-(2n ** 62n));
  });
});

describe("BinaryReader fixed-width values, alone and in packed runs", () => {
  type Kind = "double" | "float" | "fixed32" | "sfixed32" | "fixed64" | "sfixed64";
  const size: Record<Kind, number> = { double: 8, float: 4, fixed32: 4, sfixed32: 4, fixed64: 8, sfixed64: 8 };
  /** What a DataView reads at `at` (little-endian): the values the reader must return. */
  function expected(view: DataView, kind: Kind, at: number): unknown {
    switch (kind) {
      case "double":
        return view.getFloat64(at, true);
      case "float":
        return view.getFloat32(at, true);
      case "fixed32":
        return view.getUint32(at, true);
      case "sfixed32":
        return view.getInt32(at, true);
      case "fixed64":
        return view.getBigUint64(at, true);
      case "sfixed64":
        return view.getBigInt64(at, true);
    }
  }
  const item = fc.record({
    kind: fc.constantFrom<Kind>("double", "float", "fixed32", "sfixed32", "fixed64", "sfixed64"),
    // A tag byte before the value (a field of its own), or none (the next value of a packed list).
    tagged: fc.boolean(),
    bytes: fc.uint8Array({ minLength: 8, maxLength: 8 }),
  });
  test("every value reads as a DataView over the input reads it, over a subarray", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.nat(7), (items, offset) => {
        const parts: number[] = Array.from({ length: offset }, () => 0xee);
        const at: number[] = [];
        for (const it of items) {
          if (it.tagged) parts.push(0x09);
          at.push(parts.length);
          parts.push(...it.bytes.subarray(0, size[it.kind]));
        }
        const all = new Uint8Array([...parts, 0xee]);
        const view = new DataView(all.buffer);
        const r = new BinaryReader(all.subarray(offset, all.length - 1));
        items.forEach((it, i) => {
          if (it.tagged) expect(r.uint32()).toBe(0x09);
          // Object.is: -0 and NaN read as they are; bigints compare by value.
          expect(Object.is(r[it.kind](), expected(view, it.kind, at[i]))).toBe(true);
        });
        expect(r.pos).toBe(r.len);
      }),
      { numRuns: 500 },
    );
  });
  test("doubles alone, then a packed list, then alone again; floats likewise", () => {
    const w = new BinaryWriter();
    w.tag(1, WireType.Bit64).double(1.25).tag(2, WireType.LengthDelimited).fork();
    for (let i = 0; i < 5; i++) w.double(i - 0.5);
    w.join().tag(3, WireType.Bit64).double(-7.75).tag(4, WireType.Bit32).float(2.5).tag(5, WireType.LengthDelimited).fork();
    for (let i = 0; i < 5; i++) w.float(i + 0.25);
    w.join().tag(6, WireType.Bit32).float(-3.5);
    const r = new BinaryReader(w.finish());
    r.tag();
    expect(r.double()).toBe(1.25);
    r.tag();
    r.uint32();
    expect(Array.from({ length: 5 }, () => r.double())).toEqual([-0.5, 0.5, 1.5, 2.5, 3.5]);
    r.tag();
    expect(r.double()).toBe(-7.75);
    r.tag();
    expect(r.float()).toBe(2.5);
    r.tag();
    r.uint32();
    expect(Array.from({ length: 5 }, () => r.float())).toEqual([0.25, 1.25, 2.25, 3.25, 4.25]);
    r.tag();
    expect(r.float()).toBe(-3.5);
    expect(r.pos).toBe(r.len);
  });
});

describe("BinaryReader skip", () => {
  test("each wire type returns the skipped bytes", () => {
    const r = reader("08 96 01 11 0102030405060708 1a 03 616263 25 01020304");
    let [, wt] = r.tag();
    expect(hex(r.skip(wt))).toBe("9601");
    [, wt] = r.tag();
    expect(hex(r.skip(wt))).toBe("0102030405060708");
    [, wt] = r.tag();
    expect(hex(r.skip(wt))).toBe("03616263");
    [, wt] = r.tag();
    expect(hex(r.skip(wt))).toBe("01020304");
    expect(r.pos).toBe(r.len);
  });
  test("groups are skipped including the end tag", () => {
    // field 1 group { field 2 varint 1; field 3 group {} } end 1, then field 4
    const r = reader("0b 10 01 1b 1c 0c 20 05");
    const [fieldNo, wt] = r.tag();
    expect(hex(r.skip(wt, fieldNo))).toBe("1001" + "1b1c" + "0c");
    expect(r.tag()).toEqual([4, WireType.Varint]);
  });
  test("mismatched end group", () => {
    const r = reader("0b 10 01 14");
    const [fieldNo, wt] = r.tag();
    decodeError(() => r.skip(wt, fieldNo), /^invalid end group tag: field 2 does not match group field 1/, 3);
  });
  test("unterminated group", () => {
    const r = reader("0b 10 01");
    const [fieldNo, wt] = r.tag();
    decodeError(() => r.skip(wt, fieldNo), /premature EOF/, 3);
  });
  test("deeply nested groups hit the depth limit, not a stack overflow", () => {
    const deep = new Uint8Array(100_000).fill(0x0b);
    const r = new BinaryReader(deep);
    const [fieldNo, wt] = r.tag();
    decodeError(() => r.skip(wt, fieldNo), /^maximum recursion depth reached/);
    // 99 nested groups are fine
    const ok = new Uint8Array([...new Array(100).fill(0x0b), ...new Array(100).fill(0x0c)]);
    const r2 = new BinaryReader(ok);
    const [f2, w2] = r2.tag();
    expect(r2.skip(w2, f2).length).toBe(199);
    const tooDeep = new Uint8Array([...new Array(101).fill(0x0b), ...new Array(101).fill(0x0c)]);
    const r3 = new BinaryReader(tooDeep);
    const [f3, w3] = r3.tag();
    decodeError(() => r3.skip(w3, f3), /^maximum recursion depth reached/);
  });
  test("custom recursion limit", () => {
    const r = reader("0b 0b 0c 0c");
    const [f, w] = r.tag();
    decodeError(() => r.skip(w, f, 1), /maximum recursion depth reached/);
  });
  test("end group and invalid wire types", () => {
    decodeError(() => reader("").skip(WireType.EndGroup), /^cant skip wire type 4/);
    decodeError(() => reader("00").skip(6 as WireType), /^cant skip wire type 6 at offset 0/);
    decodeError(() => reader("00").skip(7 as WireType), /^cant skip wire type 7/);
  });
});

describe("BinaryReader malformed input", () => {
  test("truncated varints", () => {
    decodeError(() => reader("").uint32(), /premature EOF at offset 0 \(truncated varint\)/, 0);
    decodeError(() => reader("80").uint32(), /premature EOF/, 0);
    const r = reader("01 ff ff");
    r.uint32();
    decodeError(() => r.uint32(), /premature EOF at offset 1/, 1);
    decodeError(() => reader("ffffffff").int64(), /premature EOF/, 0);
    decodeError(() => reader("ffffffffff").uint64(), /premature EOF/, 0);
    decodeError(() => reader("ffffffffffffff").sint64(), /truncated varint/, 0);
    decodeError(() => reader("80").bool(), /truncated varint/, 0);
    decodeError(() => reader("ffff").int32(), /truncated varint/, 0);
    decodeError(() => reader("ffffffffffffffffff").int32(), /truncated varint/, 0);
    decodeError(() => reader("8080").skip(WireType.Varint), /truncated varint/, 0);
  });
  test("overlong varints", () => {
    const eleven = "ffffffffffffffffffff01";
    decodeError(() => reader(eleven).uint32(), /invalid varint at offset 0/, 0);
    decodeError(() => reader(eleven).int32(), /invalid varint/);
    decodeError(() => reader(eleven).int64(), /invalid varint/);
    decodeError(() => reader(eleven).uint64(), /invalid varint/);
    decodeError(() => reader(eleven).sint64(), /invalid varint/);
    decodeError(() => reader(eleven).bool(), /invalid varint/);
    decodeError(() => reader(eleven).skip(WireType.Varint), /invalid varint/);
    const r = reader("00 ffffffffffffffffffff");
    r.uint32();
    decodeError(() => r.uint32(), /invalid varint at offset 1/, 1);
  });
  test("truncated fixed-width values", () => {
    decodeError(() => reader("010203").fixed32(), "premature EOF at offset 0 (need 4 bytes, have 3)", 0);
    decodeError(() => reader("010203").sfixed32(), /need 4 bytes, have 3/);
    decodeError(() => reader("010203").float(), /need 4 bytes/);
    decodeError(() => reader("01020304050607").double(), /need 8 bytes, have 7/);
    decodeError(() => reader("01020304050607").fixed64(), /need 8 bytes/);
    decodeError(() => reader("01020304050607").sfixed64(), /need 8 bytes/);
    decodeError(() => reader("").skip(WireType.Bit32), /need 4 bytes, have 0/);
    decodeError(() => reader("0102").skip(WireType.Bit64), /need 8 bytes, have 2/);
    const r = reader("00 11223344 556677");
    r.uint32();
    r.fixed32();
    decodeError(() => r.fixed32(), /premature EOF at offset 5 \(need 4 bytes, have 3\)/, 5);
  });
  test("length prefix beyond the end, before any allocation", () => {
    decodeError(() => reader("05 6162").string(), "premature EOF at offset 1 (need 5 bytes, have 2)", 1);
    decodeError(() => reader("05 6162").bytes(), /need 5 bytes, have 2/);
    decodeError(() => reader("ffffffff0f").bytes(), /need 4294967295 bytes, have 0/);
    decodeError(() => reader("05 6162").skip(WireType.LengthDelimited), /need 5 bytes/);
  });
  test("invalid tags", () => {
    decodeError(() => reader("0e").tag(), "illegal tag: field no 1 wire type 6 at offset 0", 0);
    decodeError(() => reader("0f").tag(), /^illegal tag: field no 1 wire type 7/);
    const r = reader("08 ff01");
    r.tag();
    decodeError(() => r.tag(), "illegal tag: field no 31 wire type 7 at offset 1", 1);
    decodeError(() => reader("00").tag(), "illegal tag: field no 0 wire type 0 at offset 0", 0);
    decodeError(() => reader("8000").tag(), /^illegal tag: field no 0 wire type 0/);
    decodeError(() => reader("8080808010").tag(), "illegal tag: varint overflows uint32 at offset 0", 0);
    decodeError(() => reader("808080808001").tag(), /^illegal tag: varint overflows uint32/);
    decodeError(() => reader("ffffffff1f").tag(), /^illegal tag: varint overflows uint32/);
    expect(reader("f8ffffff0f").tag()).toEqual([536870911, WireType.Varint]);
    decodeError(() => internalReader(fromHex("07")).rawTag(), /^illegal tag: field no 0 wire type 7/);
    decodeError(() => reader("").tag(), /premature EOF/);
  });
  test("group depth inside skip of a length-delimited field is not entered", () => {
    const r = reader("0a 02 0b 0b");
    const [, wt] = r.tag();
    expect(hex(r.skip(wt))).toBe("020b0b");
  });
});

describe("BinaryReader strings", () => {
  test("lenient decoding substitutes U+FFFD", () => {
    expect(reader("03 61ff62").string()).toBe("a\ufffdb");
    expect(reader("02 c328").string()).toBe("\ufffd(");
    expect(reader("03 eda080").string()).toBe("\ufffd\ufffd\ufffd");
  });
  test("a leading BOM is kept", () => {
    expect(reader("03 efbbbf").string()).toBe("\ufeff");
    expect(reader("03 efbbbf").string(true)).toBe("\ufeff");
  });
  test("strict decoding throws with the offset of the bad byte", () => {
    decodeError(() => reader("03 61ff62").string(true), "invalid UTF-8 in string at offset 2", 2);
    const r = internalReader(fromHex("00 04 616263c3"));
    r.uint32();
    decodeError(() => r.stringStrict(), "invalid UTF-8 in string at offset 5", 5);
    for (const bad of ["c0af", "e080af", "eda080", "f4908080", "f8", "80", "c3", "e282", "f09f98"]) {
      const bytes = fromHex(bad);
      const data = new Uint8Array([bytes.length, ...bytes]);
      decodeError(() => new BinaryReader(data).string(true), /invalid UTF-8 in string at offset 1/, 1);
    }
  });
  test("strict decoding accepts valid text", () => {
    for (const s of ["", "a", "é", "日本", "😀", "\u{10ffff}", "x".repeat(1000) + "é"]) {
      const bytes = new BinaryWriter().string(s).finish();
      expect(new BinaryReader(bytes).string(true)).toBe(s);
      expect(new BinaryReader(bytes).string()).toBe(s);
    }
  });
  test("custom decoder; strictness still enforced", () => {
    const calls: boolean[] = [];
    const dec = (b: Uint8Array, strict?: boolean) => {
      calls.push(strict === true);
      return `<${b.length}>`;
    };
    expect(new BinaryReader(fromHex("02 c3a9"), dec).string()).toBe("<2>");
    expect(new BinaryReader(fromHex("02 c3a9"), dec).string(true)).toBe("<2>");
    expect(calls).toEqual([false, true]);
    decodeError(() => new BinaryReader(fromHex("02 c328"), dec).string(true), /offset 1/, 1);
  });
  test("ASCII of every length around the inline threshold", () => {
    for (let n = 0; n < 80; n++) {
      const s = "abcdefghijklmnopqrstuvwxyz0123456789".repeat(3).slice(0, n);
      expect(new BinaryReader(new BinaryWriter().string(s).finish()).string()).toBe(s);
      const t = s + "é";
      expect(new BinaryReader(new BinaryWriter().string(t).finish()).string()).toBe(t);
    }
  });
  test("short strings that share a cache slot stay apart, ASCII or not", () => {
    // Same length, first, middle and last byte: the ASCII cache puts them in one slot.
    const read = (bytes: number[]) => new BinaryReader(new BinaryWriter().bytes(new Uint8Array(bytes)).finish()).string();
    const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
    for (const [a, b] of [
      ["aXbYc", "aZbWc"],
      ["key-0001-of-the-batch-000000017", "key-0002-of-the-batch-000000017"],
    ]) {
      for (let round = 0; round < 3; round++) {
        expect(read(ascii(a))).toBe(a);
        expect(read(ascii(b))).toBe(b);
        expect(read(ascii(a))).toBe(a);
        expect(read(ascii(b))).toBe(b);
        // Non-ASCII bytes in the slot of a cached string (b), then others, then the first again:
        // none may come back as the cached string.
        const bad = ascii(b);
        bad[1] = 0xff;
        expect(read(bad)).toBe(`${b[0]}\ufffd${b.slice(2)}`);
        const other = ascii(b);
        other[1] = 0xff;
        other[3] = 0xfe;
        expect(read(other)).toBe(`${b[0]}\ufffd${b[2]}\ufffd${b.slice(4)}`);
        expect(read(bad)).toBe(`${b[0]}\ufffd${b.slice(2)}`);
        expect(read(ascii(b))).toBe(b);
      }
    }
  });
  test("every string of 8 letters from 'abcd', each after those that differ in one place", () => {
    // 65,536 strings in a 2,048-slot cache: strings one letter apart follow each other (the
    // first letter changing fastest, then the last), so that a hit that skips a byte its slot
    // does not depend on returns a neighbour's string.
    const letters = "abcd";
    const bytes = new Uint8Array(10);
    bytes[0] = 0x0a;
    bytes[1] = 8;
    for (const firstFastest of [true, false]) {
      for (let v = 0; v < 1 << 16; v++) {
        let s = "";
        for (let p = 0; p < 8; p++) {
          const c = letters.charCodeAt((v >>> (2 * (firstFastest ? p : 7 - p))) & 3);
          bytes[2 + p] = c;
          s += String.fromCharCode(c);
        }
        const r = new BinaryReader(bytes);
        r.tag();
        const got = r.string();
        if (got !== s) expect(got).toBe(s);
      }
    }
  });
});

describe("BinaryReader strings against TextDecoder", () => {
  // Random bytes made of valid UTF-8 (ASCII, 2-, 3- and 4-byte sequences, BOM, U+FFFD) and
  // invalid pieces (lone continuation bytes, truncated sequences, overlongs, surrogates,
  // beyond U+10FFFF), at every length: whatever path the reader takes (inline ASCII, the
  // cache, the runtime's utf8Slice, TextDecoder), the text is TextDecoder's, and strict
  // decoding fails exactly where TextDecoder's fatal mode fails.
  const piece = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 8 }).map((t) => [...new TextEncoder().encode(t)]),
    fc.constantFrom(
      [0xef, 0xbb, 0xbf],
      [0xef, 0xbf, 0xbd],
      [0x80],
      [0xbf],
      [0xc3],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf8],
      [0xff],
    ),
    fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 40 }),
  );
  const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
  const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  test("lenient and strict decoding agree with TextDecoder", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const body = new Uint8Array(pieces.flat());
        const bytes = new BinaryWriter().bytes(body).finish();
        expect(new BinaryReader(bytes).string()).toBe(lenient.decode(body));
        let expected: string | undefined;
        try {
          expected = fatal.decode(body);
        } catch {
          expected = undefined;
        }
        if (expected !== undefined) {
          expect(new BinaryReader(bytes).string(true)).toBe(expected);
        } else {
          expect(() => new BinaryReader(bytes).string(true)).toThrow(BinaryDecodeError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("BinaryReader limits (internal helpers)", () => {
  test("readEnd / pushLimit / popLimit", () => {
    const w = new BinaryWriter();
    w.tag(1, WireType.LengthDelimited).fork().tag(2, WireType.Varint).uint32(150).tag(3, WireType.Bit32).fixed32(7).join();
    w.tag(4, WireType.Varint).uint32(1);
    const r = internalReader(w.finish());
    expect(r.rawTag() >>> 3).toBe(1);
    const end = r.readEnd();
    const prev = r.pushLimit(end);
    const seen: number[] = [];
    while (r.pos < r.len) {
      const t = r.rawTag();
      seen.push(t >>> 3);
      r.skip(t & 7, t >>> 3);
    }
    r.popLimit(prev);
    expect(seen).toEqual([2, 3]);
    expect(r.pos).toBe(end);
    expect(r.rawTag() >>> 3).toBe(4);
  });
  test("reads crossing a limit fail", () => {
    // sub-message of length 2 whose varint claims to continue past it
    const r = internalReader(fromHex("02 08 96 01"));
    const prev = r.pushLimit(r.readEnd());
    r.rawTag();
    decodeError(() => r.uint32(), /premature EOF at offset 2/, 2);
    r.popLimit(prev);
    const r2 = internalReader(fromHex("03 11 0000 0000000000"));
    r2.pushLimit(r2.readEnd());
    r2.rawTag();
    decodeError(() => r2.fixed64(), /need 8 bytes, have 2/);
  });
});

describe("BinaryDecodeError", () => {
  test("withField names field and message", () => {
    const e = decodeError(() => reader("05 61").string(), /premature/);
    const f = e.withField("pkg.Msg", 3);
    expect(f).toBeInstanceOf(BinaryDecodeError);
    expect(f.message).toBe("premature EOF at offset 1 (need 5 bytes, have 1) in field pkg.Msg.3");
    expect(f.offset).toBe(1);
    expect(f.fieldNumber).toBe(3);
    expect(f.typeName).toBe("pkg.Msg");
    // innermost annotation wins
    expect(f.withField("pkg.Outer", 1)).toBe(f);
  });
});
