// Fields with [lazy = true] / [unverified_lazy = true] decode as lazy views in eager decodes.
// Lazy decoding is opt-in: this suite uses it, and marks the file of its [lazy] fields.
import { withLazyFields } from "@pbjet/protobuf/lazy";
import { create, equals, fromBinary, isLazyMessage, toBinary, BinaryDecodeError, toMutable } from "@pbjet/protobuf";
import { BinaryWriter, WireType } from "@pbjet/protobuf/wire";
import { schema } from "../helpers";

const Holder = schema("pbjet.test.lazy.Holder");
const Leaf = schema("pbjet.test.lazy.Leaf");
withLazyFields(Holder.file);

function sample() {
  return create(Holder, {
    verified: { name: "a", value: 1, children: [{ name: "a1" }] },
    unverified: { name: "b", value: 2 },
    verifiedList: [{ name: "c" }, { name: "d", children: [{ value: 7 }] }],
    plain: { name: "e" },
    label: "holder",
  });
}

describe("per-field lazy options", () => {
  test("lazy fields decode as views; other fields eagerly", () => {
    const bytes = toBinary(Holder, sample());
    const msg = fromBinary(Holder, bytes) as Record<string, any>;
    expect(isLazyMessage(msg)).toBe(false);
    expect(isLazyMessage(msg.verified)).toBe(true);
    expect(isLazyMessage(msg.unverified)).toBe(true);
    expect(msg.verifiedList.every(isLazyMessage)).toBe(true);
    expect(isLazyMessage(msg.plain)).toBe(false);
    expect(msg.verified.children[0].name).toBe("a1");
    expect(equals(Holder, msg as never, sample())).toBe(true);
  });

  test("views inside an eager message are written from their bytes and round-trip", () => {
    const bytes = toBinary(Holder, sample());
    const msg = fromBinary(Holder, bytes) as Record<string, any>;
    msg.label = "changed";
    msg.verifiedList = msg.verifiedList.slice(1);
    const expected = sample() as Record<string, any>;
    expected.label = "changed";
    expected.verifiedList = expected.verifiedList.slice(1);
    expect(equals(Holder, fromBinary(Holder, toBinary(Holder, msg as never)), expected as never)).toBe(true);
  });

  test("views take writes; toMutable gives a copy", () => {
    const direct = fromBinary(Holder, toBinary(Holder, sample())) as Record<string, any>;
    direct.verified.name = "y";
    expect((fromBinary(Holder, toBinary(Holder, direct as never)) as Record<string, any>).verified.name).toBe("y");
    const msg = fromBinary(Holder, toBinary(Holder, sample())) as Record<string, any>;
    const leaf = toMutable(Leaf, msg.verified) as Record<string, any>;
    leaf.name = "x";
    msg.verified = leaf;
    expect((fromBinary(Holder, toBinary(Holder, msg as never)) as Record<string, any>).verified.name).toBe("x");
  });

  test("a repeated occurrence of a lazy singular field merges", () => {
    const w = new BinaryWriter();
    w.tag(1, WireType.LengthDelimited).bytes(toBinary(Leaf, create(Leaf, { name: "first", value: 5 })));
    w.tag(1, WireType.LengthDelimited).bytes(toBinary(Leaf, create(Leaf, { name: "second" })));
    const msg = fromBinary(Holder, w.finish()) as Record<string, any>;
    expect(msg.verified.name).toBe("second");
    expect(msg.verified.value).toBe(5);
  });

  test("lazy = true validates at decode; unverified_lazy reports bad bytes on access", () => {
    // A Leaf whose field 3 (children) claims 5 bytes but has 1.
    const bad = new Uint8Array([0x1a, 0x05, 0x08]);
    const verified = new BinaryWriter().tag(1, WireType.LengthDelimited).bytes(bad).finish();
    expect(() => fromBinary(Holder, verified)).toThrow(BinaryDecodeError);
    // Not validated up front: a view scans its own top-level fields when one of them is first
    // read, so the truncation surfaces there — always as BinaryDecodeError.
    const unverified = new BinaryWriter().tag(2, WireType.LengthDelimited).bytes(bad).finish();
    expect(() => {
      const msg = fromBinary(Holder, unverified) as Record<string, any>;
      return msg.unverified.children;
    }).toThrow(BinaryDecodeError);
    // One level deeper, the error waits until the bad child is read.
    const deeper = new BinaryWriter()
      .tag(2, WireType.LengthDelimited)
      .bytes(new BinaryWriter().tag(3, WireType.LengthDelimited).bytes(bad).finish())
      .finish();
    const msg = fromBinary(Holder, deeper) as Record<string, any>;
    expect(isLazyMessage(msg.unverified)).toBe(true);
    const children = msg.unverified.children;
    expect(children).toHaveLength(1);
    expect(() => children[0].name).toThrow(BinaryDecodeError);
    // And again on the next read: a failed read leaves nothing half-decoded behind.
    expect(() => children[0].name).toThrow(BinaryDecodeError);
  });
});
