/**
 * The `@generated from ...` lines of generated JSDoc: each element's declaration, as it
 * reads in the .proto source.
 */
import { ScalarType, type DescEnumValue, type DescExtension, type DescField } from "@pbjet/protobuf";
import { Edition, protoCamelCase } from "@pbjet/protobuf/reflect";
import { featureOptionStrings } from "@pbjet/protoplugin";

const LABEL_OPTIONAL = 1;
const LABEL_REQUIRED = 2;

/** The declaration of a field or extension, e.g. `repeated string locations = 5 [packed = false];`. */
export function fieldDeclaration(field: DescField | DescExtension): string {
  const proto = field.proto;
  const file = field.kind === "extension" ? field.file : field.parent.file;
  let label = "";
  if (field.fieldKind === "list") {
    label = "repeated ";
  } else if (file.edition === Edition.EDITION_PROTO2 && field.fieldKind !== "map" && field.oneof === undefined) {
    label = proto.label === LABEL_REQUIRED ? "required " : proto.label === LABEL_OPTIONAL ? "optional " : "";
  } else if (proto.proto3Optional) {
    label = "optional ";
  }
  let type: string;
  if (field.fieldKind === "map") {
    const value = field.mapKind === "scalar" ? scalarName(field.scalar!) : (field.message ?? field.enum)!.typeName;
    type = `map<${scalarName(field.mapKey)}, ${value}>`;
  } else if (field.message) {
    // Groups too, as protobuf-es prints them: the message type and the field's (lowercase) name.
    type = field.message.typeName;
  } else if (field.enum) {
    type = field.enum.typeName;
  } else {
    type = scalarName(field.scalar!);
  }
  const name = proto.name;
  const opts: string[] = [];
  if (Object.prototype.hasOwnProperty.call(proto, "defaultValue")) {
    // The value as the descriptor holds it (bytes are C-escaped there, strings are not), in
    // quotes for strings and bytes.
    const isText = field.fieldKind === "scalar" && (field.scalar === ScalarType.STRING || field.scalar === ScalarType.BYTES);
    opts.push(`default = ${isText ? `"${proto.defaultValue.replace(/"/g, '\\"')}"` : proto.defaultValue}`);
  }
  const o = proto.options;
  if (o !== undefined) {
    if (Object.prototype.hasOwnProperty.call(o, "packed")) opts.push(`packed = ${o.packed}`);
    if (Object.prototype.hasOwnProperty.call(o, "jstype")) opts.push(`jstype = ${["JS_NORMAL", "JS_STRING", "JS_NUMBER"][o.jstype] ?? o.jstype}`);
    if (o.deprecated === true) opts.push("deprecated = true");
  }
  opts.push(...featureOptionStrings(o));
  if (Object.prototype.hasOwnProperty.call(proto, "jsonName") && field.kind === "field" && proto.jsonName !== protoCamelCase(proto.name)) {
    opts.push(`json_name = ${JSON.stringify(proto.jsonName)}`);
  }
  const suffix = opts.length ? ` [${opts.join(", ")}]` : "";
  return `${label}${type} ${name} = ${proto.number}${suffix};`;
}

/** The declaration of an enum value, e.g. `PHONE_TYPE_MOBILE = 1;`. */
export function enumValueDeclaration(value: DescEnumValue): string {
  const deprecated = value.deprecated ? " [deprecated = true]" : "";
  return `${value.name} = ${value.number}${deprecated};`;
}

function scalarName(scalar: ScalarType): string {
  return ScalarType[scalar].toLowerCase();
}
