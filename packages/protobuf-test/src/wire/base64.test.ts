import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");
import es = require("@bufbuild/protobuf/wire");

const { base64Decode, base64Encode, ProtobufError } = pb;
function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

describe("base64", () => {
  test("RFC 4648 vectors", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "Zg=="],
      ["fo", "Zm8="],
      ["foo", "Zm9v"],
      ["foob", "Zm9vYg=="],
      ["fooba", "Zm9vYmE="],
      ["foobar", "Zm9vYmFy"],
    ];
    for (const [plain, enc] of vectors) {
      const bytes = new TextEncoder().encode(plain);
      expect(base64Encode(bytes)).toBe(enc);
      expect(base64Encode(bytes, "std")).toBe(enc);
      expect(base64Encode(bytes, "std_raw")).toBe(enc.replace(/=/g, ""));
      expect(base64Encode(bytes, "url")).toBe(enc.replace(/=/g, ""));
      expect(hex(base64Decode(enc))).toBe(hex(bytes));
      expect(hex(base64Decode(enc.replace(/=/g, "")))).toBe(hex(bytes));
    }
  });
  test("alphabets", () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe]);
    expect(base64Encode(bytes)).toBe("+//+");
    expect(base64Encode(bytes, "url")).toBe("-__-");
    expect(hex(base64Decode("+//+"))).toBe("fbfffe");
    expect(hex(base64Decode("-__-"))).toBe("fbfffe");
    expect(hex(base64Decode("+_/-"))).toBe("fbfffe");
  });
  test("property: round trip with every encoding, and agreement with Buffer", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300, size: "max" }), (bytes) => {
        const std = base64Encode(bytes);
        expect(std).toBe(Buffer.from(bytes).toString("base64"));
        expect(base64Encode(bytes, "url")).toBe(Buffer.from(bytes).toString("base64url"));
        for (const enc of ["std", "std_raw", "url"] as const) {
          expect(base64Encode(bytes, enc)).toBe(es.base64Encode(bytes, enc));
          expect(hex(base64Decode(base64Encode(bytes, enc)))).toBe(hex(bytes));
        }
      }),
      { numRuns: 1000 },
    );
  });
  test("property: without the runtime's encoder (as in a browser), the same text", () => {
    // The encoder is chosen when the module loads: load a copy while Buffer has no base64Slice.
    type Slice = { base64Slice?: unknown };
    const proto = Buffer.prototype as unknown as Slice;
    const saved = proto.base64Slice;
    let portable: typeof pb | undefined;
    try {
      delete proto.base64Slice;
      jest.isolateModules(() => {
        portable = require("@pbjet/protobuf/wire") as typeof pb;
      });
    } finally {
      proto.base64Slice = saved;
    }
    expect(portable).not.toBe(pb);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300, size: "max" }), (bytes) => {
        for (const enc of ["std", "std_raw", "url"] as const) {
          expect(portable!.base64Encode(bytes, enc)).toBe(es.base64Encode(bytes, enc));
        }
      }),
      { numRuns: 300 },
    );
  });
  test("large input", () => {
    const bytes = new Uint8Array(1_000_001).map((_, i) => (i * 7) & 0xff);
    const text = base64Encode(bytes);
    expect(text).toBe(Buffer.from(bytes).toString("base64"));
    expect(hex(base64Decode(text))).toBe(hex(bytes));
  });
  test.each([
    ["Zm9v!", 4],
    ["Zé9v", 1],
    ["Zm9v-_+/\u0000", 8],
  ])("invalid character in %p names position %p", (text, pos) => {
    expect(() => base64Decode(text)).toThrow(ProtobufError);
    expect(() => base64Decode(text)).toThrow(new RegExp(`at position ${pos}$`));
    expect(() => es.base64Decode(text)).toThrow();
  });

  // As protobuf-es: whitespace anywhere, padding between blocks, excess or missing padding.
  test.each(["Zm 9v", "Zm9v\n", "Zm9v\r\n\tYg==", "Zg=", "Z===", "=Zm9", "Zm9vYg===", "AQ==AQ==", " AQID "])(
    "lenient %p decodes as in protobuf-es",
    (text) => {
      expect(hex(base64Decode(text))).toBe(hex(es.base64Decode(text)));
    },
  );

  test.each(["Z", "Zm9vY", "Zm=v", "Zm9v Y "])("a lone trailing character in %p throws, as in protobuf-es", (text) => {
    expect(() => base64Decode(text)).toThrow(/truncated input/);
    expect(() => es.base64Decode(text)).toThrow();
  });

  test("property: any mix of both alphabets, padding and whitespace decodes as in protobuf-es", () => {
    const outcome = (f: () => Uint8Array) => {
      try {
        return hex(f());
      } catch {
        return "throws";
      }
    };
    const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \t\n\r".split("");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (cs) => {
        const text = cs.join("");
        expect(outcome(() => base64Decode(text))).toBe(outcome(() => es.base64Decode(text)));
      }),
      { numRuns: 2000 },
    );
  });
});
