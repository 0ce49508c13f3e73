/**
 * Names in a FileDescriptorProto must be Protobuf identifiers: compilers reject anything else,
 * but a descriptor can be crafted by hand, and code generators print the names, for example
 * as identifiers.
 */
import type { DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "./descriptor-proto.js";
import { ProtobufError } from "../wire/errors.js";

const identifier = /^[A-Za-z0-9_]+$/;

/**
 * Throws if a name in the file is not a Protobuf identifier (letters, digits and
 * underscores). Checks the names of messages, fields, oneofs, extensions, enums, enum values,
 * services and methods.
 */
export function assertValidNames(file: FileDescriptorProto): void {
  const check = (kind: string, name: string): void => {
    if (!identifier.test(name)) throw new ProtobufError(`${file.name}: invalid ${kind} name ${JSON.stringify(name)}`);
  };
  const checkEnum = (e: EnumDescriptorProto): void => {
    check("enum", e.name);
    for (const v of e.value) check("enum value", v.name);
  };
  const checkExtensions = (exts: FieldDescriptorProto[]): void => {
    for (const x of exts) check("extension", x.name);
  };
  const checkMessage = (m: DescriptorProto): void => {
    check("message", m.name);
    for (const f of m.field) check("field", f.name);
    for (const o of m.oneofDecl) check("oneof", o.name);
    m.nestedType.forEach(checkMessage);
    m.enumType.forEach(checkEnum);
    checkExtensions(m.extension);
  };
  file.messageType.forEach(checkMessage);
  file.enumType.forEach(checkEnum);
  for (const s of file.service) {
    check("service", s.name);
    for (const m of s.method) check("method", m.name);
  }
  checkExtensions(file.extension);
}
