import fc = require("fast-check");
import pb = require("@pbjet/protobuf/wire");

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
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const std = base64Encode(bytes);
        expect(std).toBe(Buffer.from(bytes).toString("base64"));
        expect(base64Encode(bytes, "url")).toBe(Buffer.from(bytes).toString("base64url"));
        for (const enc of ["std", "std_raw", "url"] as const) {
          expect(hex(base64Decode(base64Encode(bytes, enc)))).toBe(hex(bytes));
        }
      }),
      { numRuns: 1000 },
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
    ["Zm 9v", 2],
    ["Zm9v\n", 4],
    ["Zé9v", 1],
    ["Z", 1],
    ["Zm9vY", 5],
    ["Zg=", 2],
    ["Z===", 1],
    ["Zm=v", 2],
    ["=Zm9", 0],
    ["Zm9vYg===", 6],
  ])("invalid %p names position %p", (text, pos) => {
    expect(() => base64Decode(text)).toThrow(ProtobufError);
    expect(() => base64Decode(text)).toThrow(new RegExp(`at position ${pos}$`));
  });
});
