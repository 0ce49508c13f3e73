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

/** The names of the declarations generated for one file. */
interface FileNames {
  file: string;
  desc: Map<DescMessage | DescEnum | DescExtension | DescService, string>;
  shape: Map<DescMessage | DescEnum, string>;
  json: Map<DescMessage | DescEnum, string>;
  valid: Map<DescMessage | DescEnum, string>;
}

const fileNames = new WeakMap<DescFile, FileNames>();

/**
 * The names of every declaration generated for a file. Every name is unique in the file, as
 * protoc-gen-es makes them: the names are given out in a fixed order of kinds — the types of
 * messages and enums, the file's descriptor, the descriptors of messages and enums, extensions,
 * services, JSON types, Valid types — and within a kind in the order of the file's types (each
 * message followed by what is nested in it, then the file's enums, extensions and services).
 * A name that is already taken gets a `$`, then `$1`, `$2`, ... So of a message `Foo` and a
 * message `FooSchema`, the type `FooSchema` keeps its name and the descriptor of `Foo` becomes
 * `FooSchema$`. Reserved words are escaped with a `$` first (see safeIdentifier).
 */
function namesOf(file: DescFile): FileNames {
  let names = fileNames.get(file);
  if (names !== undefined) return names;
  const taken = new Set<string>();
  const reserve = (candidate: string): string => {
    const base = safeIdentifier(candidate);
    let name = base;
    if (taken.has(name)) {
      name = base + "$";
      for (let i = 1; taken.has(name); i++) name = `${base}$${i}`;
    }
    taken.add(name);
    return name;
  };
  const types: (DescMessage | DescEnum)[] = [];
  const extensions: DescExtension[] = [];
  const visit = (m: DescMessage): void => {
    types.push(m);
    m.nestedMessages.forEach(visit);
    types.push(...m.nestedEnums);
    extensions.push(...m.nestedExtensions);
  };
  file.messages.forEach(visit);
  types.push(...file.enums);
  extensions.push(...file.extensions);
  const shape = new Map<DescMessage | DescEnum, string>();
  for (const t of types) shape.set(t, reserve(nestedName(t)));
  const fileName = reserve("file_" + file.name.replace(/[^a-zA-Z0-9_]+/g, "_"));
  const desc = new Map<DescMessage | DescEnum | DescExtension | DescService, string>();
  for (const t of types) desc.set(t, reserve(nestedName(t) + "Schema"));
  for (const e of extensions) desc.set(e, reserve(e.parent ? `${nestedName(e.parent)}_${e.name}` : e.name));
  for (const s of file.services) desc.set(s, reserve(s.name));
  const json = new Map<DescMessage | DescEnum, string>();
  for (const t of types) json.set(t, reserve(nestedName(t) + "Json"));
  // Enums have no Valid type, but their names are taken all the same.
  const valid = new Map<DescMessage | DescEnum, string>();
  for (const t of types) valid.set(t, reserve(nestedName(t) + "Valid"));
  names = { file: fileName, desc, shape, json, valid };
  fileNames.set(file, names);
  return names;
}

/**
 * The identifier of a generated descriptor: `file_foo_bar` for a file, `UserSchema` for a
 * message or enum, the extension's name (`Outer_name` when nested), the service's name.
 */
export function generatedDescName(desc: DescFile | DescEnum | DescMessage | DescExtension | DescService): string {
  if (desc.kind === "file") return namesOf(desc).file;
  return namesOf(desc.file).desc.get(desc)!;
}

/** The identifier of the generated type of a message or enum: `User`, `User_Type`. */
export function generatedShapeName(desc: DescEnum | DescMessage): string {
  return namesOf(desc.file).shape.get(desc)!;
}

/** The identifier of the generated JSON type: `UserJson`. */
export function generatedJsonTypeName(desc: DescEnum | DescMessage): string {
  return namesOf(desc.file).json.get(desc)!;
}

/** The identifier of the generated Valid type: `UserValid`. */
export function generatedValidTypeName(desc: DescMessage): string {
  return namesOf(desc.file).valid.get(desc)!;
}
