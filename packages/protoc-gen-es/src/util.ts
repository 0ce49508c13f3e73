/**
 * What the TypeScript, JavaScript and declaration generators share: the order of a file's
 * elements, names of generated declarations, and the type arguments of GenMessage.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService } from "@pbjet/protobuf";
import type { EcmaScriptPluginOptions, GeneratedFile, Printable, Schema } from "@pbjet/protoplugin";
import { embedFileDesc } from "@pbjet/protobuf/codegenv2";
import type { FileDescriptorProto } from "@pbjet/protobuf/wkt";
import { hasValidTypes, type GenEsOptions } from "./options.js";

/** The options of protoc-gen-es and the standard ones. */
export type Options = GenEsOptions & EcmaScriptPluginOptions;

/**
 * Visits the elements of a file in the order protobuf-es generates them: each message followed
 * by its nested messages (recursively), enums and extensions; then the file's enums, services
 * and extensions. The path is the element's index in its file or message, after the indexes
 * of the messages it is nested in.
 */
export function walkFile(
  file: DescFile,
  visitor: {
    message(m: DescMessage, path: number[]): void;
    enum(e: DescEnum, path: number[]): void;
    extension(e: DescExtension, path: number[]): void;
    service(s: DescService, index: number): void;
  },
): void {
  const visit = (m: DescMessage, path: number[]): void => {
    visitor.message(m, path);
    m.nestedMessages.forEach((n, i) => visit(n, [...path, i]));
    m.nestedEnums.forEach((e, i) => visitor.enum(e, [...path, i]));
    m.nestedExtensions.forEach((e, i) => visitor.extension(e, [...path, i]));
  };
  file.messages.forEach((m, i) => visit(m, [i]));
  file.enums.forEach((e, i) => visitor.enum(e, [i]));
  file.services.forEach((s, i) => visitor.service(s, i));
  file.extensions.forEach((e, i) => visitor.extension(e, [i]));
}

/** The exported name of a descriptor, message or enum type, JSON or Valid type of this file. */
export const schemaName = (f: GeneratedFile, desc: DescFile | DescMessage | DescEnum | DescExtension | DescService) => f.importSchema(desc).name;
export const shapeName = (f: GeneratedFile, desc: DescMessage | DescEnum) => f.importShape(desc).name;
export const jsonTypeName = (f: GeneratedFile, desc: DescMessage | DescEnum) => f.importJson(desc).name;
export const validTypeName = (f: GeneratedFile, desc: DescMessage) => f.importValid(desc).name;

/** `@deprecated` for the schema of a deprecated message or enum. */
export function deprecated(desc: DescMessage | DescEnum): string {
  return desc.deprecated ? "\n@deprecated" : "";
}

/** The arguments of messageDesc(), enumDesc() and extDesc(): the file and the path. */
export function descArgs(f: GeneratedFile, file: DescFile, path: number[]): Printable {
  return [f.importSchema(file), ", ", path.join(", ")];
}

/** Whether a name can be a property name or declaration without quotes. */
export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/**
 * The type of a message's schema: `GenMessage<User>`, with the JSON type and the Valid type
 * where they are generated, e.g. `GenMessage<User, {jsonType: UserJson, validType: UserValid}>`.
 */
export function messageGenType(f: GeneratedFile, desc: DescMessage, options: Options): Printable {
  const opt: Printable[] = [];
  if (options.jsonTypes) opt.push(["jsonType: ", f.importJson(desc)]);
  if (hasValidTypes(options)) opt.push([opt.length > 0 ? ", " : "", "validType: ", f.importValid(desc)]);
  const shape = f.importShape(desc);
  return [f.runtime.codegen.GenMessage, "<", shape, opt.length > 0 ? [", {", opt, "}"] : "", ">"];
}

/**
 * The FileDescriptorProto of a file that generated code embeds: the request's `proto_file`,
 * where protoc leaves out the options with source retention of the files to generate, not the
 * schema's (linked from `source_file_descriptors`, which has them), as protoc-gen-es does.
 */
export function embeddedProto(schema: Schema, file: DescFile): FileDescriptorProto {
  return schema.proto.protoFile.find((p) => p.name === file.proto.name) ?? file.proto;
}

/**
 * The call that hydrates the file's embedded descriptor (`embedded`, see embeddedProto()):
 * `fileDesc("<base64>", [deps])`, as protoc-gen-es writes it; for a file with `[lazy]` fields
 * wrapped in `withLazyFields(...)`, which enables lazy decoding (the lazy layer is opt-in, so
 * that programs without such fields do not carry it).
 */
export function fileDescCall(f: GeneratedFile, file: DescFile, embedded: FileDescriptorProto): Printable {
  const { fileDesc } = f.runtime.codegen;
  // Not in `symbols` (which matches protobuf-es's): imported from where fileDesc comes from.
  const deps: Printable[] = file.dependencies.map((d, i) => [i > 0 ? ", " : "", f.importSchema(d)]);
  const call: Printable = [fileDesc, "(", f.string(embedFileDesc(embedded).base64()), deps.length ? [", [", deps, "]"] : "", ")"];
  return hasLazyFields(file) ? [f.import("withLazyFields", fileDesc.from), "(", call, ")"] : call;
}

/** Whether a message field of the file has the option `lazy` or `unverified_lazy`. */
function hasLazyFields(file: DescFile): boolean {
  const visit = (m: DescMessage): boolean =>
    m.fields.some((field) => field.message !== undefined && (field.proto.options?.lazy === true || field.proto.options?.unverifiedLazy === true)) ||
    m.nestedMessages.some(visit);
  return file.messages.some(visit);
}
