/**
 * Generates `<name>_pb.ts` (target ts) and `<name>_pb.d.ts` (target dts) for a .proto file: the
 * embedded file descriptor, and for every message, enum, extension and service the exports
 * protobuf-es v2 users know. The declaration files have the same declarations, with `declare`
 * and without initializers, as protoc-gen-es writes them.
 */
import type { DescEnum, DescExtension, DescField, DescFile, DescMessage, DescOneof, DescService } from "@pbjet/protobuf";
import { FieldPresence, Edition } from "@pbjet/protobuf/reflect";
import type { FileDescriptorProto } from "@pbjet/protobuf/wkt";
import { safeIdentifier, type GeneratedFile, type Printable, type Schema } from "@pbjet/protoplugin";
import { fieldJsonType, fieldTypeScriptType } from "./field-types.js";
import { hasValidTypes, type GenEsOptions } from "./options.js";
import {
  descArgs,
  deprecated,
  embeddedProto,
  fileDescCall,
  isIdentifier,
  messageGenType,
  schemaName,
  shapeName,
  jsonTypeName,
  validTypeName,
  walkFile,
  type Options,
} from "./util.js";
import { printAotSchema } from "./aot/schema.js";
import { isValidTypeRequired, messageNeedsCustomValidType } from "./valid-types.js";

/** Generates TypeScript for every file of the schema. */
export function generateTs(schema: Schema<GenEsOptions>): void {
  for (const file of schema.files) {
    const f = schema.generateFile(file.name + "_pb.ts");
    f.preamble(file);
    generateFile(f, file, schema.options, false, embeddedProto(schema, file));
  }
}

/** Generates TypeScript declaration files for every file of the schema. */
export function generateDts(schema: Schema<GenEsOptions>): void {
  for (const file of schema.files) {
    const f = schema.generateFile(file.name + "_pb.d.ts");
    f.preamble(file);
    generateFile(f, file, schema.options, true, embeddedProto(schema, file));
  }
}

/** What differs between a .ts and a .d.ts file. */
interface Target {
  dts: boolean;
  /** The declaration of a type alias: `type` or `declare type`. */
  type: string;
  /** The declaration of a constant: `const` or `declare const`. */
  const: string;
}

function generateFile(f: GeneratedFile, file: DescFile, options: Options, dts: boolean, embedded: FileDescriptorProto): void {
  const t: Target = { dts, type: dts ? "declare type" : "type", const: dts ? "declare const" : "const" };
  const fileName = file.proto.name;
  const { GenFile, fileDesc } = f.runtime.codegen;
  f.print(f.jsDoc(`Describes the file ${fileName}.`));
  if (dts) {
    f.print(f.export(t.const, schemaName(f, file)), ": ", GenFile, ";");
  } else {
    f.print(f.export(t.const, schemaName(f, file)), ": ", GenFile, " = /*@__PURE__*/");
    if (fileName === "google/protobuf/descriptor.proto" && options.bootstrapWkt) {
      // The runtime links descriptor.proto once, from its embedded literal (src/boot).
      f.print("  ", f.import("bootDescriptorProto", fileDesc.from), "();");
    } else {
      f.print("  ", fileDescCall(f, file, embedded), ";");
    }
  }
  f.print();
  walkFile(file, {
    message: (m, path) => generateMessage(f, m, path, options, t),
    enum: (e, path) => generateEnum(f, e, path, options, t),
    extension: (e, path) => generateExtension(f, e, path, t),
    service: (s, index) => generateService(f, s, index, t),
  });
}

function generateMessage(f: GeneratedFile, desc: DescMessage, path: number[], options: Options, t: Target): void {
  const name = shapeName(f, desc);
  const { messageDesc } = f.runtime.codegen;
  f.print(f.jsDoc(desc));
  f.print(f.export(t.type, name), " = ", f.runtime.Message, "<", f.string(desc.typeName), "> & {");
  generateMembers(f, desc, undefined);
  f.print("};");
  f.print();
  if (options.jsonTypes) generateMessageJson(f, desc, t);
  if (hasValidTypes(options)) generateMessageValid(f, desc, options, t);
  f.print(f.jsDoc(`Describes the message ${desc.typeName}.\nUse \`create(${schemaName(f, desc)})\` to create a new message.${deprecated(desc)}`));
  if (t.dts) {
    f.print(f.export(t.const, schemaName(f, desc)), ": ", messageGenType(f, desc, options), ";");
  } else {
    f.print(f.export(t.const, schemaName(f, desc)), ": ", messageGenType(f, desc, options), " = /*@__PURE__*/");
    if (options.aot) printAotSchema(f, desc, [messageDesc, "(", descArgs(f, desc.file, path), ")"], true, options.aotJson);
    else f.print("  ", messageDesc, "(", descArgs(f, desc.file, path), ");");
  }
  f.print();
}

/** The fields and oneofs of a message type; with `valid`, of its Valid type. */
function generateMembers(f: GeneratedFile, desc: DescMessage, valid: Options["validTypes"] | undefined): void {
  desc.members.forEach((member, i) => {
    if (i > 0) f.print();
    if (member.kind === "oneof") generateOneof(f, member, valid !== undefined);
    else generateField(f, member, valid);
  });
}

/**
 * The Valid type of a message: an alias of the message type, or, where a field is required or
 * holds a message with a Valid type of its own, the message type with those changes.
 */
function generateMessageValid(f: GeneratedFile, desc: DescMessage, options: Options, t: Target): void {
  const name = validTypeName(f, desc);
  if (!messageNeedsCustomValidType(desc, options.validTypes)) {
    f.print(f.export(t.type, name), " = ", f.importShape(desc), ";");
    f.print();
    return;
  }
  f.print(f.jsDoc(desc));
  f.print(f.export(t.type, name), " = ", f.runtime.Message, "<", f.string(desc.typeName), "> & {");
  generateMembers(f, desc, options.validTypes);
  f.print("};");
  f.print();
}

/** Whether a property is optional (`?`) in the message type. */
function isOptionalProperty(field: DescField): boolean {
  if (field.fieldKind === "message") return true;
  if (field.fieldKind === "list" || field.fieldKind === "map") return false;
  // Explicit presence: proto3 fields are absent until set; proto2 and editions read defaults
  // from the prototype, so the property always has a value.
  return field.presence === FieldPresence.EXPLICIT && field.parent.file.edition === Edition.EDITION_PROTO3;
}

function generateField(f: GeneratedFile, field: DescField, valid: Options["validTypes"] | undefined): void {
  f.print(f.jsDoc(field, "  "));
  // `| undefined` on optional properties, as protobuf-es has it, so that they can be assigned
  // `undefined` under exactOptionalPropertyTypes.
  const optional = isOptionalProperty(field) && !(valid !== undefined && isValidTypeRequired(field, valid));
  const type = fieldTypeScriptType(f, field, valid !== undefined);
  f.print("  ", field.localName, optional ? "?: " : ": ", type, optional ? " | undefined;" : ";");
}

function generateOneof(f: GeneratedFile, oneof: DescOneof, valid: boolean): void {
  f.print(f.jsDoc(oneof, "  "));
  f.print("  ", oneof.localName, ": {");
  oneof.fields.forEach((field, i) => {
    if (i > 0) f.print("  } | {");
    f.print(f.jsDoc(field, "    "));
    f.print("    value: ", fieldTypeScriptType(f, field, valid), ";");
    f.print("    case: ", f.string(field.localName), ";");
  });
  f.print(oneof.fields.length > 0 ? "  } | { case: undefined; value?: undefined };" : "  case: undefined; value?: undefined };");
}

/**
 * The JSON types of well-known types with a special JSON representation, as protobuf-es
 * declares them (a Timestamp is an RFC 3339 string in JSON, a Struct any JSON object, ...).
 */
function wktJsonType(f: GeneratedFile, desc: DescMessage): Printable | undefined {
  if (desc.file.proto.package !== "google.protobuf") return undefined;
  switch (desc.typeName) {
    case "google.protobuf.Any":
      return ['{\n  "@type"?: string;\n}'];
    case "google.protobuf.Timestamp":
    case "google.protobuf.Duration":
    case "google.protobuf.FieldMask":
    case "google.protobuf.Int64Value":
    case "google.protobuf.UInt64Value":
    case "google.protobuf.StringValue":
    case "google.protobuf.BytesValue":
      return "string";
    case "google.protobuf.Struct":
      return f.runtime.JsonObject;
    case "google.protobuf.Value":
      return f.runtime.JsonValue;
    case "google.protobuf.ListValue":
      return [f.runtime.JsonValue, "[]"];
    case "google.protobuf.Empty":
      return "Record<string, never>";
    case "google.protobuf.DoubleValue":
    case "google.protobuf.FloatValue":
      return `number | "NaN" | "Infinity" | "-Infinity"`;
    case "google.protobuf.Int32Value":
    case "google.protobuf.UInt32Value":
      return "number";
    case "google.protobuf.BoolValue":
      return "boolean";
  }
  return undefined;
}

function generateMessageJson(f: GeneratedFile, desc: DescMessage, t: Target): void {
  const wkt = wktJsonType(f, desc);
  if (wkt !== undefined) {
    f.print(f.jsDoc(`@generated from message ${desc.typeName}`));
    f.print(f.export(t.type, jsonTypeName(f, desc)), " = ", wkt, ";");
    f.print();
    return;
  }
  f.print(f.jsDoc(desc));
  f.print(f.export(t.type, jsonTypeName(f, desc)), " = {");
  desc.fields.forEach((field, i) => {
    if (i > 0) f.print();
    f.print(f.jsDoc(field, "  "));
    const key = isIdentifier(field.jsonName) ? field.jsonName : f.string(field.jsonName);
    f.print("  ", key, "?: ", fieldJsonType(f, field), ";");
  });
  f.print("};");
  f.print();
}

function generateEnum(f: GeneratedFile, desc: DescEnum, path: number[], options: Options, t: Target): void {
  if (options.erasableSyntax) generateErasableEnum(f, desc, t);
  else if (!desc.values.some((v) => v.localName === "__proto__")) generateTsEnum(f, desc);
  else if (t.dts) generateEnumDeclaration(f, desc);
  else generateEnumObject(f, desc);
  if (options.jsonTypes) {
    if (desc.typeName === "google.protobuf.NullValue") {
      // JSON null, as protobuf-es declares it.
      f.print(f.jsDoc(`@generated from enum ${desc.typeName}`));
      f.print(f.export(t.type, jsonTypeName(f, desc)), " = null;");
    } else {
      f.print(f.jsDoc(desc));
      f.print(f.export(t.type, jsonTypeName(f, desc)), " = ", desc.values.map((v) => JSON.stringify(v.name)).join(" | ") || "never", ";");
    }
    f.print();
  }
  const { GenEnum, enumDesc } = f.runtime.codegen;
  f.print(f.jsDoc(`Describes the enum ${desc.typeName}.${deprecated(desc)}`));
  // Unlike GenMessage, protobuf-es passes the JSON type of an enum directly.
  const typeArgs: Printable = options.jsonTypes ? [f.importShape(desc), ", ", f.importJson(desc)] : f.importShape(desc);
  if (t.dts) {
    f.print(f.export(t.const, schemaName(f, desc)), ": ", GenEnum, "<", typeArgs, ">;");
  } else {
    f.print(f.export(t.const, schemaName(f, desc)), ": ", GenEnum, "<", typeArgs, "> = /*@__PURE__*/");
    f.print("  ", enumDesc, "(", descArgs(f, desc.file, path), ");");
  }
  f.print();
}

/**
 * The enum of `erasable_syntax=true`, as protoc-gen-es generates it: an object of the value
 * names and numbers `as const` (declared in a .d.ts file), and the union of its values; with
 * UnknownEnum for an open enum.
 */
function generateErasableEnum(f: GeneratedFile, desc: DescEnum, t: Target): void {
  const name = shapeName(f, desc);
  f.print(f.jsDoc(desc));
  f.print(f.export(t.const, name), t.dts ? ": {" : " = {");
  desc.values.forEach((v, i) => {
    if (i > 0) f.print();
    f.print(f.jsDoc(v, "  "));
    // In an object literal, `__proto__: x` sets the prototype; a computed key creates the
    // property. In a type, `__proto__` is a property like any other.
    f.print("  ", t.dts ? ["readonly ", propertyKey(v.localName, false)] : propertyKey(v.localName, true), ": ", v.number, ",");
  });
  f.print(t.dts ? "};" : "} as const;");
  f.print();
  f.print(f.jsDoc(desc));
  f.print(f.export(t.type, name), " = (typeof ", name, ")[keyof typeof ", name, "]", desc.open ? [" | ", f.runtime.UnknownEnum] : "", ";");
  f.print();
}

/**
 * The enum of the default (not `erasable_syntax`) output, as protoc-gen-es generates it: a
 * TypeScript `enum` (`export enum` in .ts and .d.ts files).
 */
function generateTsEnum(f: GeneratedFile, desc: DescEnum): void {
  f.print(f.jsDoc(desc));
  f.print(f.export("enum", shapeName(f, desc)), " {");
  desc.values.forEach((v, i) => {
    if (i > 0) f.print();
    f.print(f.jsDoc(v, "  "));
    f.print("  ", v.localName, " = ", v.number, ",");
  });
  f.print("}");
  f.print();
}

/**
 * The default output for an enum with a value named `__proto__`, which a TypeScript enum would
 * lose (its compiled code assigns `E["__proto__"]`, which sets no property): an object with
 * names to numbers and back, a union type of the values, and a type per member, so that code
 * written against a TypeScript enum (`PhoneType.MOBILE`, `PhoneType[n]`, `let t:
 * PhoneType.MOBILE`) works.
 */
function generateEnumObject(f: GeneratedFile, desc: DescEnum): void {
  const name = shapeName(f, desc);
  f.print(f.jsDoc(desc));
  f.print(f.export("const", name), " = {");
  // The same object a TypeScript enum compiles to: each name maps to its number, and each
  // number back to a name, the last one declared for aliases, with the keys in the same order.
  for (const [v, reverse] of enumEntries(desc)) {
    f.print(f.jsDoc(v, "  "));
    f.print("  ", propertyKey(v.localName, true), ": ", v.number, ",");
    if (reverse !== undefined) f.print("  ", v.number < 0 ? f.string(String(v.number)) : v.number, ": ", f.string(reverse), ",");
  }
  f.print("} as const;");
  f.print();
  generateEnumTypes(f, desc, "type");
}

/** The declarations of generateEnumObject's object and types, for a .d.ts file. */
function generateEnumDeclaration(f: GeneratedFile, desc: DescEnum): void {
  const name = shapeName(f, desc);
  f.print(f.jsDoc(desc));
  f.print(f.export("declare const", name), ": {");
  for (const [v, reverse] of enumEntries(desc)) {
    f.print(f.jsDoc(v, "  "));
    f.print("  readonly ", propertyKey(v.localName, false), ": ", v.number, ",");
    if (reverse !== undefined) f.print("  readonly ", v.number < 0 ? f.string(String(v.number)) : v.number, ": ", f.string(reverse), ",");
  }
  f.print("};");
  f.print();
  generateEnumTypes(f, desc, "declare type");
}

/** Each value of an enum, with the name its number maps back to where it is the first with the number. */
function enumEntries(desc: DescEnum): [DescEnum["values"][number], string | undefined][] {
  const lastName = new Map<number, string>();
  for (const v of desc.values) lastName.set(v.number, v.localName);
  const seen = new Set<number>();
  return desc.values.map((v) => {
    if (seen.has(v.number)) return [v, undefined];
    seen.add(v.number);
    return [v, lastName.get(v.number)!];
  });
}

/** The union type of an enum's values, and a namespace with a type for each member. */
function generateEnumTypes(f: GeneratedFile, desc: DescEnum, type: string): void {
  const name = shapeName(f, desc);
  const numbers = [...new Set(desc.values.map((v) => v.number))];
  f.print(f.jsDoc(`@generated from enum ${desc.typeName}${deprecated(desc)}`));
  f.print(f.export(type, name), " = ", numbers.length ? numbers.join(" | ") : "never", ";");
  f.print();
  const memberTypes = desc.values.filter((v) => isIdentifier(v.localName) && safeIdentifier(v.localName) === v.localName);
  if (memberTypes.length > 0) {
    f.print(`export declare namespace ${name} {`);
    for (const v of memberTypes) f.print(`  type ${v.localName} = ${v.number};`);
    f.print("}");
    f.print();
  }
}

/** A property key: quoted where it is not an identifier; `__proto__` computed in an object literal. */
function propertyKey(name: string, objectLiteral: boolean): string {
  if (objectLiteral && name === "__proto__") return `["__proto__"]`;
  return isIdentifier(name) ? name : JSON.stringify(name);
}

function generateExtension(f: GeneratedFile, ext: DescExtension, path: number[], t: Target): void {
  const { GenExtension, extDesc } = f.runtime.codegen;
  f.print(f.jsDoc(ext));
  const type: Printable = [GenExtension, "<", f.importShape(ext.extendee), ", ", fieldTypeScriptType(f, ext), ">"];
  if (t.dts) {
    f.print(f.export(t.const, schemaName(f, ext)), ": ", type, ";");
  } else {
    f.print(f.export(t.const, schemaName(f, ext)), ": ", type, " = /*@__PURE__*/");
    f.print("  ", extDesc, "(", descArgs(f, ext.file, path), ");");
  }
  f.print();
}

function generateService(f: GeneratedFile, service: DescService, index: number, t: Target): void {
  const { GenService, serviceDesc } = f.runtime.codegen;
  f.print(f.jsDoc(service));
  f.print(f.export(t.const, schemaName(f, service)), ": ", GenService, "<{");
  for (const m of service.methods) {
    f.print(f.jsDoc(m, "  "));
    f.print("  ", m.localName, ": {");
    f.print("    methodKind: ", f.string(m.methodKind), ";");
    f.print("    input: typeof ", f.importSchema(m.input, true), ";");
    f.print("    output: typeof ", f.importSchema(m.output, true), ";");
    f.print("  },");
  }
  if (t.dts) {
    f.print("}>;");
  } else {
    f.print("}> = /*@__PURE__*/");
    f.print("  ", serviceDesc, "(", f.importSchema(service.file), ", ", index, ");");
  }
  f.print();
}
