/**
 * The runtime symbols that generated code imports, and where it imports them from: for code
 * generators (@pbjet/protoplugin's `GeneratedFile.runtime`). `from` is the package subpath a
 * user's generated code imports; `bootstrapWktFrom` is the module in this package's sources,
 * relative to the folder of the generated well-known types (src/wkt/gen), for generating the
 * well-known types of the runtime itself (plugin option `bootstrap_wkt`).
 */

/** The name of the runtime package. */
export const packageName = "@pbjet/protobuf";

/**
 * The import path of every well-known type file, by its Protobuf file name. Commonly used
 * files are imported from the `/wkt` barrel, the others from their own subpath, as protobuf-es
 * has it. Every well-known type file is listed.
 */
export const wktPublicImportPaths: Readonly<Record<string, string>> = {
  "google/protobuf/compiler/plugin.proto": packageName + "/wkt",
  "google/protobuf/any.proto": packageName + "/wkt",
  "google/protobuf/api.proto": packageName + "/wkt/google/protobuf/api_pb.js",
  "google/protobuf/c_sharp_features.proto": packageName + "/wkt/google/protobuf/c_sharp_features_pb.js",
  "google/protobuf/cpp_features.proto": packageName + "/wkt/google/protobuf/cpp_features_pb.js",
  "google/protobuf/cpp_file_options.proto": packageName + "/wkt/google/protobuf/cpp_file_options_pb.js",
  "google/protobuf/cpp_options.proto": packageName + "/wkt/google/protobuf/cpp_options_pb.js",
  "google/protobuf/descriptor.proto": packageName + "/wkt",
  "google/protobuf/duration.proto": packageName + "/wkt",
  "google/protobuf/empty.proto": packageName + "/wkt",
  "google/protobuf/field_mask.proto": packageName + "/wkt",
  "google/protobuf/go_features.proto": packageName + "/wkt/google/protobuf/go_features_pb.js",
  "google/protobuf/java_features.proto": packageName + "/wkt/google/protobuf/java_features_pb.js",
  "google/protobuf/json_enumvalue_options.proto": packageName + "/wkt/google/protobuf/json_enumvalue_options_pb.js",
  "google/protobuf/json_options.proto": packageName + "/wkt/google/protobuf/json_options_pb.js",
  "google/protobuf/source_context.proto": packageName + "/wkt/google/protobuf/source_context_pb.js",
  "google/protobuf/struct.proto": packageName + "/wkt",
  "google/protobuf/timestamp.proto": packageName + "/wkt",
  "google/protobuf/type.proto": packageName + "/wkt/google/protobuf/type_pb.js",
  "google/protobuf/wrappers.proto": packageName + "/wkt",
};

/** The codegen helpers of a codegen subpath ("codegenv1" or "codegenv2"), for `symbols.codegen`. */
export function codegenSymbols<V extends "codegenv1" | "codegenv2">(version: V) {
  const from: string = `${packageName}/${version}`;
  const bootstrapWktFrom = `../../${version}/index.js` as const;
  const value = { typeOnly: false, bootstrapWktFrom, from } as const;
  const type = { typeOnly: true, bootstrapWktFrom, from } as const;
  return {
    boot: value,
    fileDesc: value,
    enumDesc: value,
    extDesc: value,
    messageDesc: value,
    serviceDesc: value,
    tsEnum: value,
    GenFile: type,
    GenEnum: type,
    GenExtension: type,
    GenMessage: type,
    GenService: type,
  } as const;
}

/** The symbols of the package root that generated code imports. */
export const runtimeSymbols = {
  isMessage: { typeOnly: false, bootstrapWktFrom: "../../is-message.js", from: packageName },
  Message: { typeOnly: true, bootstrapWktFrom: "../../types.js", from: packageName },
  create: { typeOnly: false, bootstrapWktFrom: "../../model/create.js", from: packageName },
  fromJson: { typeOnly: false, bootstrapWktFrom: "../../json/from-json.js", from: packageName },
  fromJsonString: { typeOnly: false, bootstrapWktFrom: "../../json/from-json.js", from: packageName },
  fromBinary: { typeOnly: false, bootstrapWktFrom: "../../from-binary.js", from: packageName },
  toBinary: { typeOnly: false, bootstrapWktFrom: "../../to-binary.js", from: packageName },
  toJson: { typeOnly: false, bootstrapWktFrom: "../../json/to-json.js", from: packageName },
  toJsonString: { typeOnly: false, bootstrapWktFrom: "../../json/to-json.js", from: packageName },
  protoInt64: { typeOnly: false, bootstrapWktFrom: "../../wire/int64.js", from: packageName },
  JsonValue: { typeOnly: true, bootstrapWktFrom: "../../types.js", from: packageName },
  JsonObject: { typeOnly: true, bootstrapWktFrom: "../../types.js", from: packageName },
  UnknownEnum: { typeOnly: true, bootstrapWktFrom: "../../types.js", from: packageName },
} as const;

/**
 * The symbols generated code imports from the runtime (`isMessage`, `create`, `Message`, ...)
 * and, under `codegen`, from `@pbjet/protobuf/codegenv2`.
 */
export const symbols = {
  ...runtimeSymbols,
  // In protobuf-es's order: objEnum after tsEnum, before the types.
  codegen: (({ GenFile, GenEnum, GenExtension, GenMessage, GenService, ...helpers }) => ({
    ...helpers,
    objEnum: { typeOnly: false, bootstrapWktFrom: "../../codegenv2/index.js", from: `${packageName}/codegenv2` } as const,
    GenFile,
    GenEnum,
    GenExtension,
    GenMessage,
    GenService,
  }))(codegenSymbols("codegenv2")),
} as const;
