/**
 * The names protoc-gen-es gives to generated files and declarations, and the import path of a
 * file's generated code.
 */
import type { DescEnum, DescExtension, DescFile, DescMessage, DescService } from "@pbjet/protobuf";
import { wktPublicImportPaths } from "@pbjet/protobuf/codegenv2";
import { safeIdentifier } from "./safe-identifier.js";
import { mapImportTarget, type CompiledMapImports } from "./map-imports.js";

/**
 * The import path of the code generated for a file: from the runtime package for a
 * well-known type that is not generated in this run (unless bootstrapping them), from the
 * target of `map_imports` if a pattern matches, else `./<name>_pb.js`.
 */
export function generateFilePath(
  file: DescFile,
  bootstrapWkt: boolean,
  filesToGenerate: readonly DescFile[],
  mapImports: CompiledMapImports,
): string {
  const protoName = file.proto.name;
  const wkt = wktPublicImportPaths[protoName];
  if (!bootstrapWkt && wkt !== undefined && !filesToGenerate.includes(file)) return wkt;
  const target = mapImportTarget(protoName, mapImports);
  if (target !== undefined) return `${target.replace(/\/+$/, "")}/${file.name}_pb.js`;
  return `./${file.name}_pb.js`;
}

/** The name of a message or enum relative to its file: `Outer_Inner`. */
function nestedName(desc: DescMessage | DescEnum): string {
  const parts: string[] = [desc.name];
  for (let p = desc.parent; p !== undefined; p = p.parent) parts.unshift(p.name);
  return parts.join("_");
}

/**
 * The identifier of a generated descriptor: `file_foo_bar` for a file, `UserSchema` for a
 * message or enum, the extension's name (`Outer_name` when nested), the service's name.
 */
export function generatedDescName(desc: DescFile | DescEnum | DescMessage | DescExtension | DescService): string {
  switch (desc.kind) {
    case "file":
      return safeIdentifier("file_" + desc.name.replace(/[^a-zA-Z0-9_]/g, "_"));
    case "message":
    case "enum":
      return safeIdentifier(nestedName(desc) + "Schema");
    case "extension":
      return safeIdentifier(desc.parent ? `${nestedName(desc.parent)}_${desc.name}` : desc.name);
    case "service":
      return safeIdentifier(desc.name);
  }
}

/** The identifier of the generated type of a message or enum: `User`, `User_Type`. */
export function generatedShapeName(desc: DescEnum | DescMessage): string {
  return safeIdentifier(nestedName(desc));
}

/** The identifier of the generated JSON type: `UserJson`. */
export function generatedJsonTypeName(desc: DescEnum | DescMessage): string {
  return safeIdentifier(nestedName(desc) + "Json");
}

/** The identifier of the generated Valid type: `UserValid`. */
export function generatedValidTypeName(desc: DescEnum | DescMessage): string {
  return safeIdentifier(nestedName(desc) + "Valid");
}
