/**
 * What GeneratedFile.print() accepts.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService, ScalarType } from "@pbjet/protobuf";
import type { ImportSymbol } from "./import-symbol.js";

/** Everything GeneratedFile.print() accepts; arrays are printed element by element. */
export type Printable =
  | string
  | number
  | boolean
  | bigint
  | Uint8Array
  | ImportSymbol
  | ExportStatement
  | JSDocBlock
  | LiteralString
  | LiteralProtoInt64
  | DescImport
  | ShapeImport
  | JsonTypeImport
  | ValidTypeImport
  | Printable[];

/** `export <declaration> <name>`. */
export type ExportStatement = { kind: "es_export_stmt"; name: string; declaration?: string };

/** A 64-bit integer literal: a string with `longAsString`, else a bigint through protoInt64. */
export type LiteralProtoInt64 = {
  readonly kind: "es_proto_int64";
  type: ScalarType.INT64 | ScalarType.SINT64 | ScalarType.SFIXED64 | ScalarType.UINT64 | ScalarType.FIXED64;
  longAsString: boolean;
  value: bigint | string;
};

/** A string literal. */
export type LiteralString = { readonly kind: "es_string"; value: string };

/** The descriptor protoc-gen-es generates for an element, imported. */
export type DescImport = {
  readonly kind: "es_desc_ref";
  desc: DescMessage | DescEnum | DescExtension | DescService | DescFile;
  typeOnly?: boolean;
};

/** The TypeScript type protoc-gen-es generates for a message or enum, imported. */
export type ShapeImport = { readonly kind: "es_shape_ref"; desc: DescMessage | DescEnum };

/** The JSON type protoc-gen-es generates for a message or enum (json_types), imported. */
export type JsonTypeImport = { readonly kind: "es_json_type_ref"; desc: DescMessage | DescEnum };

/** The Valid type protoc-gen-es generates for a message (valid_types), imported. */
export type ValidTypeImport = { readonly kind: "es_valid_type_ref"; desc: DescMessage };

/** A JSDoc comment block. */
export type JSDocBlock = { readonly kind: "es_jsdoc"; text: string; indentation?: string | undefined };
