/**
 * descriptor.proto's own schemas (src/boot): the options of its fields that describe features and
 * options (retention, targets, edition defaults) are kept out of the boot data that every program
 * carries (boot-field-options.ts), and added when descriptor.proto's schemas are used: they must
 * then be those of @bufbuild/protobuf, field by field.
 */
import * as es from "@bufbuild/protobuf";
import * as esWkt from "@bufbuild/protobuf/wkt";
import * as pb from "@pbjet/protobuf";
import * as wkt from "@pbjet/protobuf/wkt";

function allMessages<M extends { nestedMessages: M[] }>(messages: M[]): M[] {
  return messages.flatMap((m) => [m, ...allMessages(m.nestedMessages)]);
}

test("every field of descriptor.proto has the options protobuf-es gives it", () => {
  const ours = allMessages(wkt.file_google_protobuf_descriptor.messages);
  const theirs = allMessages(esWkt.file_google_protobuf_descriptor.messages);
  expect(ours.map((m) => m.typeName)).toEqual(theirs.map((m) => m.typeName));
  let withOptions = 0;
  ours.forEach((m, i) => {
    m.fields.forEach((f, j) => {
      const o = f.proto.options;
      const e = theirs[i].fields[j].proto.options;
      expect([m.typeName, f.name, o === undefined ? undefined : pb.toJson(wkt.FieldOptionsSchema, o)]).toEqual([
        m.typeName,
        f.name,
        e === undefined ? undefined : es.toJson(esWkt.FieldOptionsSchema, e),
      ]);
      if (o !== undefined) withOptions++;
    });
  });
  expect(withOptions).toBeGreaterThan(15);
  const presence = wkt.FeatureSetSchema.field.fieldPresence.proto.options;
  expect(presence?.editionDefaults.map((d) => d.value)).toEqual(["EXPLICIT", "IMPLICIT", "EXPLICIT"]);
});
