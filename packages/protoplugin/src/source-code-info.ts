/**
 * What a plugin reads from a file's SourceCodeInfo (comments, by element), and declarations
 * of fields and enum values as they read in the .proto source.
 */
import { ScalarType, isFieldSet, type AnyDesc, type DescEnumValue, type DescExtension, type DescField, type DescFile } from "@pbjet/protobuf";
import { Edition, protoCamelCase } from "@pbjet/protobuf/reflect";
import { FeatureSetSchema, type FeatureSet } from "@pbjet/protobuf/wkt";

/** The comments on an element in the .proto source, and its path in the SourceCodeInfo. */
export interface SourceComments {
  /** Comments before the element, separated from it by a blank line. */
  readonly leadingDetached: string[];
  /** The comment just before the element. */
  readonly leading?: string;
  /** The comment just after the element. */
  readonly trailing?: string;
  /** The path of the element in the FileDescriptorProto (field numbers and indexes). */
  readonly sourcePath: number[];
}

interface Location {
  path: number[];
  leadingComments?: string;
  trailingComments?: string;
  leadingDetachedComments: string[];
}

/** The comments of an element (line breaks normalized to LF). */
export function getComments(desc: Exclude<AnyDesc, DescFile>): SourceComments {
  return commentsAt(fileOf(desc), pathOf(desc));
}

/** The comments on the `package` statement (line breaks normalized to LF). */
export function getPackageComments(desc: DescFile): SourceComments {
  return commentsAt(desc, [2]);
}

/** The comments on the `syntax` or `edition` statement, typically a license header (line breaks normalized to LF). */
export function getSyntaxComments(desc: DescFile): SourceComments {
  // protoc and buf record the `edition` statement under the syntax field (12) too; the edition
  // field (14) is looked at in case a compiler records it there.
  const syntax = commentsAt(desc, [12]);
  if (syntax.leading !== undefined || syntax.trailing !== undefined || syntax.leadingDetached.length > 0 || desc.proto.syntax !== "editions") {
    return syntax;
  }
  const edition = commentsAt(desc, [14]);
  return edition.leading !== undefined || edition.leadingDetached.length > 0 ? edition : syntax;
}

function commentsAt(file: DescFile, path: number[]): SourceComments {
  const info = (file.proto as unknown as { sourceCodeInfo?: { location: Location[] } }).sourceCodeInfo;
  const loc = info?.location.find((l) => l.path.length === path.length && l.path.every((p, i) => p === path[i]));
  const comments: { leadingDetached: string[]; leading?: string; trailing?: string; sourcePath: number[] } = {
    leadingDetached: (loc?.leadingDetachedComments ?? []).map(lf),
    sourcePath: path,
  };
  if (loc?.leadingComments) comments.leading = lf(loc.leadingComments);
  if (loc?.trailingComments) comments.trailing = lf(loc.trailingComments);
  return comments;
}

function lf(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

function fileOf(desc: AnyDesc): DescFile {
  switch (desc.kind) {
    case "file":
      return desc;
    case "enum_value":
    case "field":
    case "oneof":
    case "rpc":
      return desc.parent.file;
    default:
      return desc.file;
  }
}

/** The SourceCodeInfo path of a descriptor (field numbers of descriptor.proto, and indexes). */
function pathOf(desc: AnyDesc): number[] {
  switch (desc.kind) {
    case "file":
      return [];
    case "message":
      return desc.parent
        ? [...pathOf(desc.parent), 3, desc.parent.proto.nestedType.indexOf(desc.proto)]
        : [4, desc.file.proto.messageType.indexOf(desc.proto)];
    case "enum":
      return desc.parent
        ? [...pathOf(desc.parent), 4, desc.parent.proto.enumType.indexOf(desc.proto)]
        : [5, desc.file.proto.enumType.indexOf(desc.proto)];
    case "enum_value":
      return [...pathOf(desc.parent), 2, desc.parent.proto.value.indexOf(desc.proto)];
    case "field":
      return [...pathOf(desc.parent), 2, desc.parent.proto.field.indexOf(desc.proto)];
    case "oneof":
      return [...pathOf(desc.parent), 8, desc.parent.proto.oneofDecl.indexOf(desc.proto)];
    case "extension":
      return desc.parent
        ? [...pathOf(desc.parent), 6, desc.parent.proto.extension.indexOf(desc.proto)]
        : [7, desc.file.proto.extension.indexOf(desc.proto)];
    case "service":
      return [6, desc.file.proto.service.indexOf(desc.proto)];
    case "rpc":
      return [...pathOf(desc.parent), 2, desc.parent.proto.method.indexOf(desc.proto)];
  }
}

/**
 * The edition features set explicitly in an element's options, e.g.
 * `["features.field_presence = IMPLICIT"]`, in field number order. Extensions of FeatureSet
 * (language features such as `(pb.cpp).string_type`) are not included.
 */
export function getFeatureOptionStrings(desc: AnyDesc): string[] {
  const options = (desc.proto as { options?: { features?: FeatureSet } }).options;
  const features = options?.features;
  if (features === undefined) return [];
  const out: string[] = [];
  for (const field of FeatureSetSchema.fields) {
    if (field.fieldKind !== "enum" || !isFieldSet(features, field)) continue;
    const value = (features as unknown as Record<string, number>)[field.localName];
    const name = field.enum.values.find((v) => v.number === value)?.name ?? String(value);
    out.push(`features.${field.name} = ${name}`);
  }
  return out;
}

const LABEL_OPTIONAL = 1;
const LABEL_REQUIRED = 2;

/**
 * The declaration of a field, extension or enum value as it reads in the .proto source,
 * without the semicolon: `repeated string locations = 5 [packed = false]`,
 * `PHONE_TYPE_MOBILE = 1`. Custom options are not included.
 */
export function getDeclarationString(desc: DescField | DescExtension | DescEnumValue): string {
  if (desc.kind === "enum_value") {
    return `${desc.name} = ${desc.number}${desc.deprecated ? " [deprecated = true]" : ""}`;
  }
  const proto = desc.proto;
  const file = desc.kind === "extension" ? desc.file : desc.parent.file;
  let label = "";
  if (desc.fieldKind === "list") {
    label = "repeated ";
  } else if (file.edition === Edition.EDITION_PROTO2 && desc.fieldKind !== "map" && desc.oneof === undefined) {
    label = proto.label === LABEL_REQUIRED ? "required " : proto.label === LABEL_OPTIONAL ? "optional " : "";
  } else if (proto.proto3Optional) {
    label = "optional ";
  }
  let type: string;
  if (desc.fieldKind === "map") {
    const value = desc.mapKind === "scalar" ? scalarName(desc.scalar!) : (desc.message ?? desc.enum)!.typeName;
    type = `map<${scalarName(desc.mapKey)}, ${value}>`;
  } else if (desc.message) {
    // Groups too, as protobuf-es prints them: the message type and the field's (lowercase) name.
    type = desc.message.typeName;
  } else if (desc.enum) {
    type = desc.enum.typeName;
  } else {
    type = scalarName(desc.scalar!);
  }
  const opts: string[] = [];
  if (has(proto, "defaultValue")) {
    // The value as the descriptor holds it (bytes are C-escaped there, strings are not), in
    // quotes for strings and bytes. As protobuf-es writes it, only the first double quote of
    // the value is escaped: the text is for comments (JSDoc), where quotes are harmless.
    const isText = desc.fieldKind === "scalar" && (desc.scalar === ScalarType.STRING || desc.scalar === ScalarType.BYTES);
    opts.push(`default = ${isText ? `"${proto.defaultValue.replace('"', '\\"')}"` : proto.defaultValue}`);
  }
  const o = proto.options;
  if (o !== undefined) {
    if (has(o, "packed")) opts.push(`packed = ${o.packed}`);
    if (has(o, "jstype")) opts.push(`jstype = ${["JS_NORMAL", "JS_STRING", "JS_NUMBER"][o.jstype] ?? o.jstype}`);
    if (o.deprecated === true) opts.push("deprecated = true");
  }
  opts.push(...getFeatureOptionStrings(desc));
  if (has(proto, "jsonName") && desc.kind === "field" && proto.jsonName !== protoCamelCase(proto.name)) {
    // In quotes, as protoc-gen-es shows it (the JSDoc escapes what could end the comment).
    opts.push(`json_name = "${proto.jsonName}"`);
  }
  const suffix = opts.length ? ` [${opts.join(", ")}]` : "";
  return `${label}${type} ${proto.name} = ${proto.number}${suffix}`;
}

function has(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function scalarName(scalar: ScalarType): string {
  return ScalarType[scalar].toLowerCase();
}
