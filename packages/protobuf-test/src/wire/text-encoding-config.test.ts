import pb = require("@pbjet/protobuf/wire");

const { BinaryReader, configureTextEncoding, findInvalidUtf8, getTextEncoding } = pb;
function fromHex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.replace(/\s+/g, ""), "hex"));
}

describe("configureTextEncoding", () => {
  test("configured functions are used, strictness is enforced, encodeUtf8Into emulated", () => {
    const decoded: Uint8Array[] = [];
    configureTextEncoding({
      checkUtf8: () => true,
      encodeUtf8: (s) => new Uint8Array(s.length).fill(0x41),
      decodeUtf8: (b) => {
        decoded.push(b);
        return "decoded";
      },
    });
    const te = getTextEncoding();
    expect(te.checkUtf8("\ud800")).toBe(true);
    const dest = new Uint8Array(4);
    expect(te.encodeUtf8Into("abc", dest)).toEqual({ written: 3 });
    expect([...dest]).toEqual([0x41, 0x41, 0x41, 0]);
    expect(new BinaryReader(fromHex("0e 68656c6c6f20776f726c6421c3a9")).string()).toBe("decoded");
    expect(() => te.decodeUtf8(fromHex("ff"), true)).toThrow(/invalid UTF-8 at byte 0/);
    expect(() => new BinaryReader(fromHex("0e 68656c6c6f20776f726c6421c3ff")).string(true)).toThrow(/offset 13/);
    expect(decoded.length).toBe(1);
  });
});

describe("findInvalidUtf8", () => {
  test.each([
    ["", -1],
    ["616263", -1],
    ["c3a9", -1],
    ["e282ac", -1],
    ["f09f9880", -1],
    ["f48fbfbf", -1],
    ["61 80", 1],
    ["c1bf", 0],
    ["c3", 0],
    ["e0 9f 80", 0],
    ["ed a0 80", 0],
    ["ef bf", 0],
    ["f0 8f bf bf", 0],
    ["f4 90 80 80", 0],
    ["f5 80 80 80", 0],
    ["61 f0 9f 98", 1],
    ["c3 a9 ff", 2],
  ])("%s -> %p", (text, at) => {
    expect(findInvalidUtf8(fromHex(text))).toBe(at);
  });
});
