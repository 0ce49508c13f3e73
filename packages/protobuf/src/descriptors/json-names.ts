/**
 * Embedded file descriptors leave out json_name where it is the default; this puts it back.
 */
import type { FileDescriptorProto } from "./descriptor-proto.js";
import { protoCamelCase } from "./names.js";

/**
 * Generated code leaves out json_name where it is the default (lowerCamelCase of the name);
 * put it back, so that the descriptor is what the compiler produced.
 */
export function restoreJsonNames(proto: FileDescriptorProto): void {
  const visit = (fields: { name: string; jsonName: string }[]): void => {
    for (const f of fields) {
      if (!Object.prototype.hasOwnProperty.call(f, "jsonName")) f.jsonName = protoCamelCase(f.name);
    }
  };
  const visitMessage = (m: FileDescriptorProto["messageType"][number]): void => {
    visit(m.field);
    visit(m.extension);
    m.nestedType.forEach(visitMessage);
  };
  proto.messageType.forEach(visitMessage);
  visit(proto.extension);
}
