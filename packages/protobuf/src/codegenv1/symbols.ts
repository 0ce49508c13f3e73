/**
 * The symbols code generators import for codegenv1-style generated code: the runtime's, and
 * under `codegen`, those of `@pbjet/protobuf/codegenv1`.
 */
import { codegenSymbols, runtimeSymbols } from "../codegenv2/symbols.js";

/** The symbols generated code imports, with the codegen helpers of `@pbjet/protobuf/codegenv1`. */
export const symbols = {
  codegen: codegenSymbols("codegenv1"),
  ...runtimeSymbols,
} as const;
