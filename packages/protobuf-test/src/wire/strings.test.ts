import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");

const { BinaryReader, BinaryWriter, getTextEncoding } = pb;
function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

const te = new TextEncoder();

/** Expected encoding: varint length prefix + TextEncoder bytes. */
function expected(s: string): string {
  const body = te.encode(s);
  const w = new BinaryWriter();
  w.uint32(body.length).raw(body);
  return hex(w.finish());
}

/** Strings made of arbitrary UTF-16 code units, including lone surrogates. */
const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 300 }).map((a) => String.fromCharCode(...a));
const surrogateHeavy = fc
  .array(fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0x61, 0xe9, 0x20ac), { maxLength: 80 })
  .map((a) => String.fromCharCode(...a));

describe("BinaryWriter.string matches TextEncoder", () => {
  const cases: [string, string][] = [
    ["empty", ""],
    ["ascii", "hello world"],
    ["2-byte", "héllo ÿ ß"],
    ["3-byte", "日本語 € \uffff"],
    ["4-byte", "😀 \u{10000} \u{10ffff}"],
    ["lone high surrogate", "a\ud800b"],
    ["lone low surrogate", "a\udc00b"],
    ["trailing high surrogate", "abc\ud83d"],
    ["reversed pair", "\ude00\ud83d"],
    ["long ascii", "x".repeat(100_000)],
    ["long non-ascii", "é日😀".repeat(25_000)],
    ["127 bytes", "a".repeat(127)],
    ["128 bytes", "a".repeat(128)],
    ["42 x 3-byte", "€".repeat(42)],
    ["43 x 3-byte", "€".repeat(43)],
    ["5462 x 3-byte (16386 bytes)", "€".repeat(5462)],
    ["ascii then non-ascii at 16383", "a".repeat(16383) + "é"],
  ];
  test.each(cases)("%s", (_, s) => {
    expect(hex(new BinaryWriter().string(s).finish())).toBe(expected(s));
  });
  test("every length 0..200, ASCII and non-ASCII, at several buffer offsets", () => {
    for (let n = 0; n <= 200; n++) {
      for (const unit of ["a", "é", "€", "😀"]) {
        const s = unit.repeat(n).slice(0, n);
        for (const pre of [0, 60]) {
          const w = new BinaryWriter().raw(new Uint8Array(pre));
          const out = w.string(s).finish().subarray(pre);
          expect(hex(out)).toBe(expected(s));
        }
      }
    }
  });
  test("property: arbitrary code units (incl. lone surrogates)", () => {
    fc.assert(
      fc.property(utf16, (s) => hex(new BinaryWriter().string(s).finish()) === expected(s)),
      { numRuns: 500 },
    );
  });
  test("property: surrogate-heavy strings", () => {
    fc.assert(
      fc.property(surrogateHeavy, (s) => hex(new BinaryWriter().string(s).finish()) === expected(s)),
      { numRuns: 500 },
    );
  });
  test("property: fc.string binary unit, in a message with other fields", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary", maxLength: 2000 }), (a, b) => {
        const out = new BinaryWriter().uint32(1).string(a).fork().string(b).join().finish();
        const r = new BinaryReader(out);
        return (
          r.uint32() === 1 &&
          r.string() === a &&
          r.uint32() === te.encode(b).length + (te.encode(b).length < 128 ? 1 : te.encode(b).length < 16384 ? 2 : 3) &&
          r.string() === b
        );
      }),
      { numRuns: 300 },
    );
  });
  test("property: round trip of well-formed strings, strict and lenient", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (s) => {
        const out = new BinaryWriter().string(s).string(s).finish();
        const r = new BinaryReader(out);
        return r.string() === s && r.string(true) === s;
      }),
      { numRuns: 300 },
    );
  });
  test("property: decoding arbitrary bytes matches TextDecoder; strict throws iff TextDecoder fatal throws", () => {
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), (bytes) => {
        const out = new BinaryWriter().bytes(bytes).finish();
        if (new BinaryReader(out).string() !== lenient.decode(bytes)) return false;
        let ok: boolean;
        try {
          fatal.decode(bytes);
          ok = true;
        } catch {
          ok = false;
        }
        try {
          new BinaryReader(out).string(true);
          return ok;
        } catch {
          return !ok;
        }
      }),
      { numRuns: 2000 },
    );
  });
});

/** The wire module as a runtime without TextEncoder and without Node.js's Buffer loads it. */
function loadWithoutEncoders(): typeof pb {
  const g = globalThis as { TextEncoder?: unknown; Buffer?: unknown };
  const saved = [g.TextEncoder, g.Buffer];
  g.TextEncoder = undefined;
  g.Buffer = undefined;
  try {
    let mod: typeof pb | undefined;
    jest.isolateModules(() => {
      mod = require("@pbjet/protobuf/wire") as typeof pb;
    });
    return mod as typeof pb;
  } finally {
    [g.TextEncoder, g.Buffer] = saved;
  }
}

describe("BinaryWriter.string in every buffer", () => {
  const units = ["a", "é", "€", "😀"];
  test("a writer reused after small results (buffers on V8's heap): every length 0..80, at several offsets", () => {
    const w = new BinaryWriter();
    for (let n = 0; n <= 80; n++) {
      for (const unit of units) {
        const s = unit.repeat(n).slice(0, n);
        for (const pre of [0, 1, 20, 40, 60]) {
          // A small result first, so that the next buffer is a small one.
          expect(w.uint32(7).finish()).toEqual(new Uint8Array([7]));
          const out = w.raw(new Uint8Array(pre).fill(9)).string(s).finish();
          expect(hex(out.subarray(0, pre))).toBe("09".repeat(pre));
          expect(hex(out.subarray(pre))).toBe(expected(s));
        }
      }
    }
  });
  test("a writer reused for results of growing sizes keeps what it wrote before growing", () => {
    const w = new BinaryWriter();
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 50 }), { maxLength: 12 }), (parts) => {
        for (const p of parts) w.string(p);
        const r = new BinaryReader(w.finish());
        return parts.every((p) => r.string() === p) && r.pos === r.len;
      }),
      { numRuns: 1000 },
    );
  });
  test("without TextEncoder and Buffer: the writer's own encoder, every length 0..200", () => {
    const bare = loadWithoutEncoders();
    for (let n = 0; n <= 200; n++) {
      for (const unit of [...units, "\ud800", "a\udc00"]) {
        const s = unit.repeat(n).slice(0, n);
        for (const pre of [0, 60]) {
          const out = new bare.BinaryWriter().raw(new Uint8Array(pre)).string(s).finish().subarray(pre);
          expect(hex(out)).toBe(expected(s));
        }
      }
    }
    fc.assert(
      fc.property(utf16, (s) => hex(new bare.BinaryWriter().string(s).finish()) === expected(s)),
      { numRuns: 300 },
    );
  });
});

describe("BinaryWriter.finish", () => {
  test("an empty result is a new empty Uint8Array with a buffer of its own, every time", () => {
    const w = new BinaryWriter();
    const a = w.finish();
    const b = w.finish();
    const c = w.uint32(1).finish();
    const d = w.finish();
    for (const e of [a, b, d]) {
      expect(e).toBeInstanceOf(Uint8Array);
      expect(e.length).toBe(0);
      expect(e.buffer.byteLength).toBe(0);
    }
    expect(a).not.toBe(b);
    expect(a.buffer).not.toBe(b.buffer);
    expect(d.buffer).not.toBe(c.buffer);
    expect(c).toEqual(new Uint8Array([1]));
  });
});

describe("getTextEncoding", () => {
  test("checkUtf8", () => {
    const { checkUtf8 } = getTextEncoding();
    expect(checkUtf8("abc é 😀")).toBe(true);
    expect(checkUtf8("a\ud800")).toBe(false);
    expect(checkUtf8("\udc00a")).toBe(false);
  });
  test("encodeUtf8Into", () => {
    const dest = new Uint8Array(10);
    expect(getTextEncoding().encodeUtf8Into("é", dest).written).toBe(2);
    expect(hex(dest.subarray(0, 2))).toBe("c3a9");
  });
});
