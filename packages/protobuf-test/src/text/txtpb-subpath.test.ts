/**
 * The `/txtpb` subpath exports what `@bufbuild/protobuf/txtpb` exports, and the same
 * functions as the package root.
 */
import * as pb from "@pbjet/protobuf";
import * as txtpb from "@pbjet/protobuf/txtpb";
import * as oracleTxtpb from "@bufbuild/protobuf/txtpb";
import { schema } from "../helpers";

test("every value export of @bufbuild/protobuf/txtpb is exported by /txtpb", () => {
  const missing = Object.keys(oracleTxtpb).filter((name) => !(name in txtpb));
  expect(missing).toEqual([]);
});

test("/txtpb exports the root's text format functions", () => {
  expect(txtpb.toText).toBe(pb.toText);
  expect(txtpb.fromText).toBe(pb.fromText);
  expect(txtpb.mergeFromText).toBe(pb.mergeFromText);
  expect(txtpb.TextDecodeError).toBe(pb.TextDecodeError);
});

test("a message round-trips through /txtpb", () => {
  const desc = schema("pbjet.test.proto2.GroupFields");
  const msg = pb.create(desc, { after: 7 } as never);
  const text = txtpb.toText(desc, msg);
  expect(text.trim()).toBe("after: 7");
  expect(pb.equals(desc, txtpb.fromText(desc, text), msg)).toBe(true);
});
