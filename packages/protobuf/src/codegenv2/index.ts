/**
 * What generated code imports: hydration of embedded descriptors and the Gen* types.
 */
export { fileDesc, messageDesc, enumDesc, extDesc, serviceDesc, tsEnum } from "./file-desc.js";
export type { GenMessage, GenEnum, GenExtension } from "../types.js";
