/**
 * The file descriptor that generated code embeds: the FileDescriptorProto without source
 * info and without json_name where it is the default (restored at run time), serialized and
 * base64-encoded.
 */
import { clone, toBinary, type DescFile } from "@pbjet/protobuf";
import { protoCamelCase } from "@pbjet/protobuf/reflect";
import { base64Encode } from "@pbjet/protobuf/wire";
import { FileDescriptorProtoSchema, type FileDescriptorProto } from "@pbjet/protobuf/wkt";

type FieldProto = { name: string; jsonName: string };
type MessageProto = { field: FieldProto[]; extension: FieldProto[]; nestedType: MessageProto[] };

/** The base64 of a file's compact FileDescriptorProto. */
export function embedFileDescriptor(file: DescFile): string {
  const proto = clone(FileDescriptorProtoSchema, file.proto as FileDescriptorProto) as FileDescriptorProto & {
    sourceCodeInfo?: unknown;
    messageType: MessageProto[];
    extension: FieldProto[];
  };
  delete proto.sourceCodeInfo;
  const strip = (fields: FieldProto[]): void => {
    for (const f of fields) {
      if (f.jsonName === protoCamelCase(f.name)) delete (f as Partial<FieldProto>).jsonName;
    }
  };
  const visit = (m: MessageProto): void => {
    strip(m.field);
    strip(m.extension);
    m.nestedType.forEach(visit);
  };
  proto.messageType.forEach(visit);
  strip(proto.extension);
  return base64Encode(toBinary(FileDescriptorProtoSchema, proto));
}
