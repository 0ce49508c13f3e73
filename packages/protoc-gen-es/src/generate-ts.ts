/**
 * Generates `<name>_pb.ts` for a .proto file: the embedded file descriptor, and for every
 * message, enum, extension and service the exports protobuf-es v2 users know.
 */
import type { DescEnum, DescExtension, DescField, DescFile, DescMessage, DescOneof, DescService } from "@pbjet/protobuf";
import { FieldPresence, Edition } from "@pbjet/protobuf/reflect";
import { safeIdentifier, type EcmaScriptPluginOptions, type GeneratedFile, type Printable, type Schema } from "@pbjet/protoplugin";
import { embedFileDesc } from "@pbjet/protobuf/codegenv2";
import { fieldJsonType, fieldTypeScriptType } from "./field-types.js";

/** Options of protoc-gen-es beyond the standard ones. */
export interface GenEsOptions {
  /** Generate JSON types (`UserJson`) and type `toJson()` with them. */
  jsonTypes: boolean;
}

type Options = GenEsOptions & EcmaScriptPluginOptions;

/** Generates TypeScript for every file of the schema. */
export function generateTs(schema: Schema<GenEsOptions>): void {
  for (const file of schema.files) {
    const f = schema.generateFile(file.name + "_pb.ts");
    f.preamble(file);
    generateFile(f, file, schema.options);
  }
}

/** The exported name of a descriptor, message or enum type, or JSON type of this file. */
const schemaName = (f: GeneratedFile, desc: DescFile | DescMessage | DescEnum | DescExtension | DescService) => f.importSchema(desc).name;
const shapeName = (f: GeneratedFile, desc: DescMessage | DescEnum) => f.importShape(desc).name;
const jsonTypeName = (f: GeneratedFile, desc: DescMessage | DescEnum) => f.importJson(desc).name;

function generateFile(f: GeneratedFile, file: DescFile, options: Options): void {
  const fileName = file.proto.name;
  const { GenFile, fileDesc } = f.runtime.codegen;
  f.print(f.jsDoc(`Describes the file ${fileName}.`));
  f.print(f.export("const", schemaName(f, file)), ": ", GenFile, " = /*@__PURE__*/");
  if (fileName === "google/protobuf/descriptor.proto" && options.bootstrapWkt) {
    // The runtime links descriptor.proto once, from its embedded literal (src/boot).
    f.print("  ", f.import("bootDescriptorProto", fileDesc.from), "();");
  } else {
    const deps: Printable[] = file.dependencies.map((d, i) => [i > 0 ? ", " : "", f.importSchema(d)]);
    f.print("  ", fileDesc, "(", f.string(embedFileDesc(file.proto).base64()), deps.length ? [", [", deps, "]"] : "", ");");
  }
  f.print();
  // The order of protobuf-es: each message followed by its nested messages (recursively),
  // enums and extensions; then the file's enums, services and extensions.
  const visit = (m: DescMessage, path: number[]): void => {
    generateMessage(f, m, path, options);
    m.nestedMessages.forEach((n, i) => visit(n, [...path, i]));
    m.nestedEnums.forEach((e, i) => generateEnum(f, e, [...path, i], options));
    m.nestedExtensions.forEach((e, i) => generateExtension(f, e, [...path, i]));
  };
  file.messages.forEach((m, i) => visit(m, [i]));
  file.enums.forEach((e, i) => generateEnum(f, e, [i], options));
  file.services.forEach((s, i) => generateService(f, s, i));
  file.extensions.forEach((e, i) => generateExtension(f, e, [i]));
}

/** `@deprecated` for the schema of a deprecated message or enum. */
function deprecated(desc: DescMessage | DescEnum): string {
  return desc.deprecated ? "\n@deprecated" : "";
}

function descArgs(f: GeneratedFile, file: DescFile, path: number[]): Printable {
  return [f.importSchema(file), ", ", path.join(", ")];
}

function generateMessage(f: GeneratedFile, desc: DescMessage, path: number[], options: Options): void {
  const name = shapeName(f, desc);
  const { GenMessage, messageDesc } = f.runtime.codegen;
  f.print(f.jsDoc(desc));
  f.print(f.export("type", name), " = ", f.runtime.Message, "<", f.string(desc.typeName), "> & {");
  desc.members.forEach((member, i) => {
    if (i > 0) f.print();
    if (member.kind === "oneof") generateOneof(f, member);
    else generateField(f, member);
  });
  f.print("};");
  f.print();
  if (options.jsonTypes) generateMessageJson(f, desc);
  f.print(f.jsDoc(`Describes the message ${desc.typeName}.\nUse \`create(${schemaName(f, desc)})\` to create a new message.${deprecated(desc)}`));
  const typeArgs: Printable = options.jsonTypes ? [name, ", {jsonType: ", jsonTypeName(f, desc), "}"] : name;
  f.print(f.export("const", schemaName(f, desc)), ": ", GenMessage, "<", typeArgs, "> = /*@__PURE__*/");
  f.print("  ", messageDesc, "(", descArgs(f, desc.file, path), ");");
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

function generateField(f: GeneratedFile, field: DescField): void {
  f.print(f.jsDoc(field, "  "));
  // `| undefined` on optional properties, as protobuf-es has it, so that they can be assigned
  // `undefined` under exactOptionalPropertyTypes.
  const optional = isOptionalProperty(field);
  f.print("  ", field.localName, optional ? "?: " : ": ", fieldTypeScriptType(f, field), optional ? " | undefined;" : ";");
}

function generateOneof(f: GeneratedFile, oneof: DescOneof): void {
  f.print(f.jsDoc(oneof, "  "));
  f.print("  ", oneof.localName, ": {");
  oneof.fields.forEach((field, i) => {
    if (i > 0) f.print("  } | {");
    f.print(f.jsDoc(field, "    "));
    f.print("    value: ", fieldTypeScriptType(f, field), ";");
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

function generateMessageJson(f: GeneratedFile, desc: DescMessage): void {
  const wkt = wktJsonType(f, desc);
  if (wkt !== undefined) {
    f.print(f.jsDoc(`@generated from message ${desc.typeName}`));
    f.print(f.export("type", jsonTypeName(f, desc)), " = ", wkt, ";");
    f.print();
    return;
  }
  f.print(f.jsDoc(desc));
  f.print(f.export("type", jsonTypeName(f, desc)), " = {");
  desc.fields.forEach((field, i) => {
    if (i > 0) f.print();
    f.print(f.jsDoc(field, "  "));
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(field.jsonName) ? field.jsonName : f.string(field.jsonName);
    f.print("  ", key, "?: ", fieldJsonType(f, field), ";");
  });
  f.print("};");
  f.print();
}

function generateEnum(f: GeneratedFile, desc: DescEnum, path: number[], options: Options): void {
  const name = shapeName(f, desc);
  const { GenEnum, enumDesc } = f.runtime.codegen;
  // An erasable alternative to a TypeScript enum: an object with names to numbers and back,
  // a union type of the values, and a type per member, so that code written against a
  // TypeScript enum (`PhoneType.MOBILE`, `PhoneType[n]`, `let t: PhoneType.MOBILE`) works.
  f.print(f.jsDoc(desc));
  f.print(f.export("const", name), " = {");
  // The same object a TypeScript enum compiles to: each name maps to its number, and each
  // number back to a name, the last one declared for aliases, with the keys in the same order.
  const lastName = new Map<number, string>();
  for (const v of desc.values) lastName.set(v.number, v.localName);
  const seen = new Set<number>();
  for (const v of desc.values) {
    f.print(f.jsDoc(v, "  "));
    f.print("  ", propertyKey(v.localName), ": ", v.number, ",");
    if (seen.has(v.number)) continue;
    seen.add(v.number);
    f.print("  ", v.number < 0 ? f.string(String(v.number)) : v.number, ": ", f.string(lastName.get(v.number)!), ",");
  }
  f.print("} as const;");
  f.print();
  const numbers = [...new Set(desc.values.map((v) => v.number))];
  f.print(f.jsDoc(`@generated from enum ${desc.typeName}${deprecated(desc)}`));
  f.print(f.export("type", name), " = ", numbers.length ? numbers.join(" | ") : "never", ";");
  f.print();
  const memberTypes = desc.values.filter((v) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(v.localName) && safeIdentifier(v.localName) === v.localName);
  if (memberTypes.length > 0) {
    f.print(`export declare namespace ${name} {`);
    for (const v of memberTypes) f.print(`  type ${v.localName} = ${v.number};`);
    f.print("}");
    f.print();
  }
  if (options.jsonTypes) {
    if (desc.typeName === "google.protobuf.NullValue") {
      // JSON null, as protobuf-es declares it.
      f.print(f.jsDoc(`@generated from enum ${desc.typeName}`));
      f.print(f.export("type", jsonTypeName(f, desc)), " = null;");
    } else {
      f.print(f.jsDoc(desc));
      f.print(f.export("type", jsonTypeName(f, desc)), " = ", desc.values.map((v) => JSON.stringify(v.name)).join(" | ") || "never", ";");
    }
    f.print();
  }
  f.print(f.jsDoc(`Describes the enum ${desc.typeName}.${deprecated(desc)}`));
  // Unlike GenMessage, protobuf-es passes the JSON type of an enum directly.
  const typeArgs: Printable = options.jsonTypes ? [name, ", ", jsonTypeName(f, desc)] : name;
  f.print(f.export("const", schemaName(f, desc)), ": ", GenEnum, "<", typeArgs, "> = /*@__PURE__*/");
  f.print("  ", enumDesc, "(", descArgs(f, desc.file, path), ");");
  f.print();
}

function propertyKey(name: string): string {
  // In an object literal, `__proto__: x` (quoted or not) sets the prototype; a computed key
  // creates the property.
  if (name === "__proto__") return `["__proto__"]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function generateExtension(f: GeneratedFile, ext: DescExtension, path: number[]): void {
  const { GenExtension, extDesc } = f.runtime.codegen;
  f.print(f.jsDoc(ext));
  f.print(
    f.export("const", schemaName(f, ext)),
    ": ",
    GenExtension,
    "<",
    f.importShape(ext.extendee),
    ", ",
    fieldTypeScriptType(f, ext),
    "> = /*@__PURE__*/",
  );
  f.print("  ", extDesc, "(", descArgs(f, ext.file, path), ");");
  f.print();
}

function generateService(f: GeneratedFile, service: DescService, index: number): void {
  const { GenService, serviceDesc } = f.runtime.codegen;
  f.print(f.jsDoc(service));
  f.print(f.export("const", schemaName(f, service)), ": ", GenService, "<{");
  for (const m of service.methods) {
    f.print(f.jsDoc(m, "  "));
    f.print("  ", m.localName, ": {");
    f.print("    methodKind: ", f.string(m.methodKind), ";");
    f.print("    input: typeof ", f.importSchema(m.input, true), ";");
    f.print("    output: typeof ", f.importSchema(m.output, true), ";");
    f.print("  },");
  }
  f.print("}> = /*@__PURE__*/");
  f.print("  ", serviceDesc, "(", f.importSchema(service.file), ", ", index, ");");
  f.print();
}
