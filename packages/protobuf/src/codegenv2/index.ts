/**
 * What generated code imports: hydration of embedded descriptors and the Gen* types; and for
 * code generators, what to embed and which symbols to import.
 */
export {
  AOT_CONTRACT,
  aotBinary,
  aotField,
  aotEnter,
  aotOther,
  aotDecodeError,
  aotEncodeError,
  type AotEncoder,
  type AotDecoder,
  type AotReader,
  type AotWriter,
  type AotDecodeContext,
  type AotFieldCoder,
} from "./aot.js";
export * from "./aot-json.js";
export { fileDesc, messageDesc, enumDesc, extDesc, tsEnum, objEnum } from "./file-desc.js";
export { serviceDesc } from "./service-desc.js";
export { withLazyFields } from "./lazy-fields.js";
export { bootDescriptorProto, boot, bootFileDescriptorProto } from "../boot/boot.js";
export type {
  FileDescriptorProtoBoot,
  DescriptorProtoBoot,
  FieldDescriptorProtoBoot,
  FieldOptionsBoot,
  FieldOptions_EditionDefaultBoot,
  EnumDescriptorProtoBoot,
  EnumValueDescriptorProtoBoot,
} from "../boot/boot-types.js";
export { embedFileDesc, pathInFileDesc, createFileDescriptorProtoBoot } from "./embed.js";
export { packageName, wktPublicImportPaths, symbols } from "./symbols.js";
export { scalarTypeScriptType, scalarJsonType } from "./scalar.js";
export { assertValidNames } from "../descriptors/valid-names.js";
export type { GenFile, GenMessage, GenEnum, GenExtension, GenService, GenServiceMethods } from "../types.js";
