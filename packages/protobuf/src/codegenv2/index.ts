/**
 * What generated code imports: hydration of embedded descriptors and the Gen* types.
 */
export { fileDesc, messageDesc, enumDesc, extDesc, serviceDesc, tsEnum } from "./file-desc.js";
export { bootDescriptorProto } from "../boot/boot.js";
export type { GenFile, GenMessage, GenEnum, GenExtension, GenService, GenServiceMethods } from "../types.js";
