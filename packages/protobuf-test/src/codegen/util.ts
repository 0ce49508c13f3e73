/**
 * Shared fixtures of the code generation suites: CodeGeneratorRequests built from the test
 * corpus (compiled with source info by `npm run generate`), running protoc-gen-es on them, and
 * scratch folders from which generated JavaScript can resolve the workspace packages.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as ts from "typescript";
import { create, fromBinary } from "@pbjet/protobuf";
import {
  CodeGeneratorRequestSchema,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type CodeGeneratorRequest,
  type CodeGeneratorResponse,
  type FileDescriptorProto,
} from "@pbjet/protobuf/wkt";
import { protocGenEs } from "@pbjet/protoc-gen-es";
import { descriptorSetBytes } from "../helpers";

/** The repository root and the package folders the suites use. */
export const repoRoot = join(__dirname, "..", "..", "..", "..");
export const testPackageDir = join(repoRoot, "packages", "protobuf-test");

/** The FileDescriptorProtos of the test corpus with source info, parsed afresh on every call. */
export function corpusFiles(): FileDescriptorProto[] {
  return fromDescriptorSet(descriptorSetBytes("test-with-source-info"));
}

/** The FileDescriptorProtos of a serialized FileDescriptorSet. */
export function fromDescriptorSet(bytes: Uint8Array): FileDescriptorProto[] {
  return fromBinary(FileDescriptorSetSchema, bytes).file;
}

/** A request to generate `fileToGenerate` from the test corpus. */
export function corpusRequest(fileToGenerate: string[], parameter = ""): CodeGeneratorRequest {
  return request({ fileToGenerate, parameter, protoFile: corpusFiles() });
}

/** A CodeGeneratorRequest. */
export function request(init: {
  fileToGenerate: string[];
  parameter?: string;
  protoFile: FileDescriptorProto[];
  sourceFileDescriptors?: FileDescriptorProto[];
}): CodeGeneratorRequest {
  return create(CodeGeneratorRequestSchema, init);
}

/** Runs protoc-gen-es on the test corpus. */
export function genEs(fileToGenerate: string[], parameter = ""): CodeGeneratorResponse {
  return protocGenEs.run(corpusRequest(fileToGenerate, parameter));
}

/** The content of a generated file of a response; throws if it is missing. */
export function content(res: CodeGeneratorResponse, name: string): string {
  const file = res.file.find((f) => f.name === name);
  if (!file) throw new Error(`no generated file ${name}; got ${res.file.map((f) => f.name).join(", ")}`);
  return file.content;
}

/** The names of the files of a response, sorted. */
export function fileNames(res: CodeGeneratorResponse): string[] {
  return res.file.map((f) => f.name).sort();
}

/** A FileDescriptorProto written by hand (proto3 unless given otherwise). */
export function fileProto(init: Record<string, unknown> & { name: string }): FileDescriptorProto {
  return create(FileDescriptorProtoSchema, { syntax: "proto3", ...init } as never);
}

/**
 * A scratch folder whose node_modules links to the workspace's, so that generated JavaScript
 * written into it can import @pbjet/protobuf. Remove it with the returned function.
 */
export function scratchDir(prefix: string): { dir: string; write(name: string, text: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `pbjet-${prefix}-`));
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Type-checks TypeScript files with tsc --strict (ES2022, no @types), with `options` on top;
 * the diagnostics as `path:line message`, the path relative to `dir`.
 */
export function typeCheck(dir: string, roots: string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(roots, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: [],
    ...options,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.substring(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

/**
 * The strictest setup generated TypeScript meets, for typeCheck(): exactOptionalPropertyTypes,
 * bundler resolution of `.ts` imports, isolatedModules and verbatimModuleSyntax. (Code
 * generated with `erasable_syntax=true` also meets erasableSyntaxOnly, Node's type stripping;
 * the default output has TypeScript enums, as protoc-gen-es's.)
 */
export const strictBundlerOptions: ts.CompilerOptions = {
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};
