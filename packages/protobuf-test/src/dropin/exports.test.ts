/**
 * Drop-in exports: every subpath of @bufbuild/protobuf 2.17.0 (and @bufbuild/protoplugin) has
 * the same value and type exports in ours. The names are read from the declaration files with
 * the TypeScript compiler (checker.getExportsOfModule), each package resolved through its
 * package.json `exports` as a user's compiler resolves it. Every missing name is reported.
 *
 * Also checked, as attw does: each subpath resolves for ESM and CommonJS, with types, under
 * NodeNext and under node10 (typesVersions), and loads at run time both ways.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import * as ts from "typescript";
import { repoRoot } from "../codegen/util";

const testDir = join(repoRoot, "packages", "protobuf-test");
const fromFile = join(testDir, "src", "dropin", "exports.test.ts");

const host = ts.sys;

/** The declaration file a specifier resolves to, for an ESM or CommonJS importer. */
function resolveTypes(specifier: string, mode: "esm" | "cjs" | "node10"): string | undefined {
  const options: ts.CompilerOptions =
    mode === "node10"
      ? { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 }
      : { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  const resolutionMode = mode === "esm" ? ts.ModuleKind.ESNext : mode === "cjs" ? ts.ModuleKind.CommonJS : undefined;
  const r = ts.resolveModuleName(specifier, fromFile, options, host, undefined, undefined, resolutionMode);
  const file = r.resolvedModule?.resolvedFileName;
  return file !== undefined && /\.d\.[cm]?ts$/.test(file) ? file : undefined;
}

/** The names a module exports, values and types. */
function exportsOf(dtsFiles: string[]): Map<string, string[]> {
  const program = ts.createProgram(dtsFiles, {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const file of dtsFiles) {
    const sf = program.getSourceFile(file);
    const sym = sf && checker.getSymbolAtLocation(sf);
    if (!sym) throw new Error(`no module symbol for ${file}`);
    out.set(
      file,
      checker
        .getExportsOfModule(sym)
        .map((s) => s.name)
        .sort(),
    );
  }
  return out;
}

/** The declaration files of both packages' subpaths in one program, and their exports by name (aliases resolved). */
interface Declarations {
  readonly checker: ts.TypeChecker;
  exportsOf(file: string): Map<string, ts.Symbol>;
}

function declarations(pairs: { theirs: string; ours: string }[]): Declarations {
  const program = ts.createProgram(
    pairs.flatMap((p) => [p.theirs, p.ours]),
    { noEmit: true, skipLibCheck: true, strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  );
  const checker = program.getTypeChecker();
  return {
    checker,
    exportsOf(file) {
      const sym = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
      return new Map(checker.getExportsOfModule(sym).map((e) => [e.name, e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e]));
    },
  };
}

/**
 * The members protobuf-es declares and ours lacks, for every interface, class and non-generic
 * type alias a subpath of theirs exports: `name: member` if ours has no such member, and
 * `name: member (optional)` if theirs is optional and ours is required (an object typed by
 * protobuf-es's declaration would then not be one of ours). Private and protected members, and
 * members named by a unique symbol (their name holds the symbol's identity), are left out.
 */
function memberGaps(decls: Declarations, pairs: { theirs: string; ours: string }[]): { gaps: string[]; compared: number } {
  const { checker } = decls;
  const typeKinds = ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias;
  const gaps: string[] = [];
  let compared = 0;
  for (const p of pairs) {
    const ours = decls.exportsOf(p.ours);
    for (const [name, theirSym] of decls.exportsOf(p.theirs)) {
      const ourSym = ours.get(name);
      if ((theirSym.flags & typeKinds) === 0 || ourSym === undefined || (ourSym.flags & typeKinds) === 0) continue;
      const decl = theirSym.declarations?.[0];
      if (decl !== undefined && ts.isTypeAliasDeclaration(decl) && decl.typeParameters !== undefined) continue;
      const theirType = checker.getDeclaredTypeOfSymbol(theirSym);
      const ourType = checker.getDeclaredTypeOfSymbol(ourSym);
      for (const member of checker.getPropertiesOfType(theirType)) {
        if (member.name.startsWith("__@") || isPrivate(member)) continue;
        compared++;
        const ourMember = checker.getPropertyOfType(ourType, member.name);
        if (ourMember === undefined) gaps.push(`${p.ours} ${name}: ${member.name}`);
        else if (member.flags & ts.SymbolFlags.Optional && !(ourMember.flags & ts.SymbolFlags.Optional)) {
          gaps.push(`${p.ours} ${name}: ${member.name} (optional)`);
        }
      }
    }
  }
  return { gaps, compared };
}

/**
 * The exported functions of theirs that ours does not take the same arguments of: for each
 * call signature of theirs, ours must have one with at least as many parameters (or a rest
 * parameter) and no more required ones.
 */
function signatureGaps(decls: Declarations, pairs: { theirs: string; ours: string }[]): { gaps: string[]; compared: number } {
  const { checker } = decls;
  const functionsOf = (file: string) => {
    const out = new Map<string, readonly ts.Signature[]>();
    for (const [name, s] of decls.exportsOf(file)) {
      if (s.flags & ts.SymbolFlags.Function) out.set(name, checker.getTypeOfSymbol(s).getCallSignatures());
    }
    return out;
  };
  const isRest = (p: ts.Symbol) => (p.valueDeclaration as ts.ParameterDeclaration | undefined)?.dotDotDotToken !== undefined;
  const required = (sig: ts.Signature) =>
    sig.parameters.filter((p) => {
      const d = p.valueDeclaration as ts.ParameterDeclaration | undefined;
      return d !== undefined && d.questionToken === undefined && d.initializer === undefined && d.dotDotDotToken === undefined;
    }).length;
  const gaps: string[] = [];
  let compared = 0;
  for (const p of pairs) {
    const ours = functionsOf(p.ours);
    for (const [name, theirSigs] of functionsOf(p.theirs)) {
      const ourSigs = ours.get(name);
      if (ourSigs === undefined) continue; // a missing function is the exports test's finding
      for (const sig of theirSigs) {
        compared++;
        const n = sig.parameters.length;
        const fits = ourSigs.some((o) => (o.parameters.length >= n || o.parameters.some(isRest)) && required(o) <= required(sig));
        if (!fits) gaps.push(`${p.ours} ${name}${checker.signatureToString(sig)}`);
      }
    }
  }
  return { gaps, compared };
}

/** Whether a class member is private or protected. */
function isPrivate(member: ts.Symbol): boolean {
  const decl = member.declarations?.[0];
  return decl !== undefined && (ts.getCombinedModifierFlags(decl) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
}

/** The subpaths of a package.json `exports`. */
function subpathsOf(pkgName: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pkg = require(join(repoRoot, "node_modules", pkgName, "package.json")) as { exports: Record<string, unknown> };
  return Object.keys(pkg.exports).map((k) => k.substring(1));
}

interface Pair {
  subpath: string;
  theirs: string;
  ours: string;
}

function pairs(theirPkg: string, ourPkg: string): Pair[] {
  return subpathsOf(theirPkg).map((subpath) => ({ subpath: subpath === "" ? "." : subpath, theirs: theirPkg + subpath, ours: ourPkg + subpath }));
}

const protobufPairs = pairs("@bufbuild/protobuf", "@pbjet/protobuf");
const pluginPairs = pairs("@bufbuild/protoplugin", "@pbjet/protoplugin");
const allPairs = [...protobufPairs, ...pluginPairs];

describe("the exports of @bufbuild/protobuf 2.17.0 and @bufbuild/protoplugin 2.17.0", () => {
  test("the subpaths compared include every subpath of the brief", () => {
    expect(protobufPairs.map((p) => p.subpath)).toEqual(
      expect.arrayContaining([".", "/wire", "/reflect", "/codegenv1", "/codegenv2", "/wkt", "/txtpb"]),
    );
    expect(pluginPairs.map((p) => p.subpath)).toEqual(["."]);
  });

  test("every value and type export is there", () => {
    const files = new Map<string, { theirs: string; ours: string | undefined }>();
    for (const p of allPairs) {
      const theirs = resolveTypes(p.theirs, "esm");
      if (theirs === undefined) throw new Error(`cannot resolve ${p.theirs}`);
      files.set(p.theirs, { theirs, ours: resolveTypes(p.ours, "esm") });
    }
    const dts = [...files.values()].flatMap((f) => (f.ours ? [f.theirs, f.ours] : [f.theirs]));
    const exported = exportsOf([...new Set(dts)]);
    const missing: string[] = [];
    let compared = 0;
    for (const p of allPairs) {
      const f = files.get(p.theirs)!;
      if (f.ours === undefined) {
        missing.push(`${p.ours}: the subpath does not resolve`);
        continue;
      }
      const ours = new Set(exported.get(f.ours));
      for (const name of exported.get(f.theirs)!) {
        compared++;
        if (!ours.has(name)) missing.push(`${p.ours}: ${name}`);
      }
    }
    expect(compared).toBeGreaterThan(600);
    expect(missing).toEqual([]);
  });
});

describe("the members of @bufbuild/protobuf's and @bufbuild/protoplugin's types, and their functions' parameters", () => {
  const resolved = allPairs
    .filter((p) => !p.subpath.startsWith("/wkt/google"))
    .map((p) => ({ theirs: resolveTypes(p.theirs, "esm")!, ours: resolveTypes(p.ours, "esm")!, name: p.ours }));
  let decls: Declarations;
  beforeAll(() => {
    decls = declarations(resolved);
  });
  /** A gap with our subpath's name in place of its declaration file. */
  const named = (gaps: string[]) => gaps.map((g) => g.replace(/^\S+/, (file) => resolved.find((r) => r.ours === file)!.name));

  test("every member is in ours, optional where theirs is (options objects typed by theirs are ours)", () => {
    const { gaps, compared } = memberGaps(decls, resolved);
    expect(compared).toBeGreaterThan(500);
    expect(named(gaps)).toEqual([]);
  });
  test("every function takes the arguments theirs takes", () => {
    const { gaps, compared } = signatureGaps(decls, resolved);
    expect(compared).toBeGreaterThan(100);
    expect(named(gaps)).toEqual([]);
  });
});

describe("resolution (as attw checks it)", () => {
  test.each(allPairs.map((p) => [p.ours, p]))("%s resolves with types for ESM and CommonJS, and under node10", (_, p) => {
    const esm = resolveTypes(p.ours, "esm");
    const cjs = resolveTypes(p.ours, "cjs");
    expect([p.ours, esm !== undefined, cjs !== undefined]).toEqual([p.ours, true, true]);
    // node10 reads typesVersions, and does not know the per-file subpaths' exports either way.
    if (!p.subpath.startsWith("/wkt/google")) expect([p.ours, resolveTypes(p.ours, "node10") !== undefined]).toEqual([p.ours, true]);
    // The CommonJS types are the CommonJS build's, the ESM types the ESM build's.
    expect(cjs).toMatch(/\/dist\/cjs\//);
    expect(esm).toMatch(/\/dist\/esm\//);
  });
  test("codegenv1 is in exports and typesVersions", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkg = require(join(repoRoot, "packages", "protobuf", "package.json")) as {
      exports: Record<string, { import: string; require: string }>;
      typesVersions: { "*": Record<string, string[]> };
    };
    expect(pkg.exports["./codegenv1"]).toEqual({ import: "./dist/esm/codegenv1/index.js", require: "./dist/cjs/codegenv1/index.js" });
    expect(pkg.typesVersions["*"].codegenv1).toEqual(["./dist/esm/codegenv1/index.d.ts"]);
  });
  test("every subpath loads at run time with require() and import()", () => {
    const specifiers = allPairs.map((p) => p.ours);
    for (const s of specifiers) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect([s, typeof require(s)]).toEqual([s, "object"]);
    }
    const script = `const specs = ${JSON.stringify(specifiers)};\nfor (const s of specs) { const m = await import(s); if (Object.keys(m).length === 0) throw new Error(s + " exports nothing"); }\nconsole.log("ok " + specs.length);`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: testDir, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe(`ok ${specifiers.length}`);
  });
});
