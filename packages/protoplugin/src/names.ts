/**
 * Identifiers of generated code: the names protoc-gen-es gives to files, messages, enums,
 * extensions and services, escaped so that they are valid and do not shadow what generated
 * code uses.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService } from "@pbjet/protobuf";

// Names that cannot be identifiers of generated declarations. protobuf-es appends a `$` to
// exactly these (ECMAScript keywords and future reserved words, `Object`, the TypeScript type
// keywords, and `globalThis`, `Uint8Array` and `Partial`, which generated code refers to), so we
// do the same to generate the same exported names. Not on its list, but invalid as a declared
// name in a module all the same: `await`, `eval`, `arguments`, and the TypeScript type names
// `any`, `unknown`, `never`, `symbol` and `undefined`.
const reserved = new Set([
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "enum",
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "Object",
  "bigint",
  "number",
  "boolean",
  "string",
  "object",
  "globalThis",
  "Uint8Array",
  "Partial",
  "await",
  "eval",
  "arguments",
  "any",
  "unknown",
  "never",
  "symbol",
  "undefined",
]);

/** Makes a name usable as an identifier in generated code. */
export function safeIdentifier(name: string): string {
  return reserved.has(name) ? name + "$" : name;
}

/** The name of a message or enum type relative to its file: `Outer_Inner`. */
function nestedName(desc: DescMessage | DescEnum): string {
  const parts: string[] = [desc.name];
  for (let p = desc.parent; p !== undefined; p = p.parent) parts.unshift(p.name);
  return parts.join("_");
}

/** The identifier of the exported constant for a file: `file_google_protobuf_timestamp`. */
export function fileDescName(file: DescFile): string {
  return safeIdentifier("file_" + file.name.replace(/[^a-zA-Z0-9_]/g, "_"));
}

/** The identifier of the TypeScript type of a message or enum: `User`, `User_Type`. */
export function shapeName(desc: DescMessage | DescEnum): string {
  return safeIdentifier(nestedName(desc));
}

/** The identifier of the JSON type of a message or enum: `UserJson`. */
export function jsonTypeName(desc: DescMessage | DescEnum): string {
  return safeIdentifier(nestedName(desc) + "Json");
}

/** The identifier of the exported descriptor of a message, enum, extension or service. */
export function schemaName(desc: DescMessage | DescEnum | DescExtension | DescService | DescFile): string {
  switch (desc.kind) {
    case "file":
      return fileDescName(desc);
    case "message":
    case "enum":
      return safeIdentifier(nestedName(desc) + "Schema");
    case "extension":
      // As protobuf-es names them: the extension's name as declared, e.g. `linked_ids`, or
      // `Outer_linked_ids` for an extension declared in a message.
      return safeIdentifier(desc.parent ? `${nestedName(desc.parent)}_${desc.name}` : desc.name);
    case "service":
      return safeIdentifier(desc.name);
  }
}

/** The path of the generated file for a .proto file, without extension: `foo/bar_pb`. */
export function generatedFilePath(file: DescFile): string {
  return file.name + "_pb";
}
