// Builds a package twice with tsc's API: ESM into dist/esm and CommonJS into dist/cjs,
// with .d.ts files for both, and marks dist/cjs as CommonJS for Node's resolver.
//
// The CommonJS build's re-exports are constant data properties of `exports`, not the getters
// tsc emits for them (see constantReexports()).
//
// Usage: node build-package.mjs [--inline-enums Name,Name...]
//   --inline-enums  opt-in: in the emitted JS (not the .d.ts), replace each reference to a member
//                   of the named (regular, exported) numeric enums of this package with its number
//                   and a comment, `9 /* ScalarType.STRING */`, as tsc does for const enums: a
//                   bundler cannot inline members of an enum object. The enum objects themselves
//                   stay (they are public API). References are resolved by the type checker (so a
//                   local that shadows the enum's name is left alone) and the numbers are the
//                   checker's constant values of the enum members; after the build, every rewrite
//                   is checked against the built enum objects (ESM and CJS).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const cwd = process.cwd();

const argv = process.argv.slice(2);
const inlineIdx = argv.indexOf("--inline-enums");
const inlineNames = inlineIdx >= 0 ? (argv[inlineIdx + 1] ?? "").split(",").filter((n) => n !== "") : undefined;
if (inlineIdx >= 0 && inlineNames.length === 0) {
  console.error("build-package: --inline-enums needs a comma-separated list of enum names");
  process.exit(2);
}

const cjsArgs = ["--module", "commonjs", "--moduleResolution", "node10", "--verbatimModuleSyntax", "false"];

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  rmSync(join(cwd, "dist"), { recursive: true, force: true });
  const ts = require("typescript");
  const esm = emitPackage(ts, cwd, ["--outDir", "dist/esm"], inlineNames ?? []);
  const cjs = emitPackage(ts, cwd, ["--outDir", "dist/cjs", ...cjsArgs], inlineNames ?? [], [constantReexports(ts)]);
  writeCjsMarker();
  const getters = remainingReexportGetters(cjs.outDir);
  if (getters.length > 0) {
    console.error(`build-package: re-exports left as getters in the CommonJS build:\n  ${getters.join("\n  ")}`);
    process.exit(1);
  }
  if (inlineNames !== undefined) {
    const { total: n, problems } = await verifyInlinedEnums(cwd, esm, cjs);
    if (problems.length > 0) {
      console.error(`build-package: --inline-enums produced wrong output:\n  ${problems.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`build-package: inlined ${n} references to members of ${inlineNames.join(", ")} (ESM and CJS)`);
  }
}

function writeCjsMarker() {
  mkdirSync(join(cwd, "dist/cjs"), { recursive: true });
  writeFileSync(join(cwd, "dist/cjs/package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
}

/**
 * Runs tsc's API on dir/tsconfig.json with the command-line options `args` (as tsc's command line
 * would) and a transformer that inlines the members of the enums `names` (none if empty), then
 * the transformers `after` (run on tsc's output, after its module transform). Fails (exit 1) on
 * any diagnostic, like tsc's command line. Returns { outDir, enums: Map<name, { file, members }>,
 * rewrites: Map<name, count> }, where file is the enum's emitted .js path.
 */
export function emitPackage(ts, dir, args, names, after = []) {
  const cl = ts.parseCommandLine(args);
  if (cl.errors.length > 0) fail(ts, cl.errors);
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(ts, [d]) };
  const parsed = ts.getParsedCommandLineOfConfigFile(join(dir, "tsconfig.json"), cl.options, host);
  if (parsed.errors.length > 0) fail(ts, parsed.errors);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const checker = program.getTypeChecker();

  // The enums to inline: regular enum declarations of this program's own sources, by name.
  const enums = new Map();
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile || program.isSourceFileFromExternalLibrary(sf)) continue;
    for (const st of sf.statements) {
      if (!ts.isEnumDeclaration(st) || !names.includes(st.name.text)) continue;
      const name = st.name.text;
      if (enums.has(name)) fail(ts, [], `--inline-enums: two enums named ${name}`);
      if (ts.getCombinedModifierFlags(st) & ts.ModifierFlags.Const) fail(ts, [], `--inline-enums: ${name} is a const enum already`);
      if (!(ts.getCombinedModifierFlags(st) & ts.ModifierFlags.Export)) fail(ts, [], `--inline-enums: ${name} is not exported`);
      const members = new Map();
      for (const m of st.members) {
        const v = checker.getConstantValue(m);
        if (typeof v !== "number") fail(ts, [], `--inline-enums: ${name}.${m.name.getText(sf)} has no constant numeric value`);
        members.set(m.name.getText(sf), v);
      }
      enums.set(name, { decl: st, symbol: checker.getSymbolAtLocation(st.name), file: sf.fileName, members });
    }
  }
  for (const n of names) if (!enums.has(n)) fail(ts, [], `--inline-enums: no enum ${n} in ${dir}`);
  const bySymbol = new Map([...enums.values()].map((e) => [e.symbol, e]));
  const rewrites = new Map(names.map((n) => [n, 0]));

  /** The enum of `expr` (an identifier or property access naming one of our enums), or undefined. */
  function enumOf(expr) {
    let sym = checker.getSymbolAtLocation(expr);
    if (sym === undefined) return undefined;
    if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return bySymbol.get(sym);
  }

  const transformer = (context) => (sourceFile) => {
    const visit = (node) => {
      // The enum definitions stay as they are.
      if (ts.isEnumDeclaration(node)) return node;
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
        const e = enumOf(node.expression);
        if (e !== undefined) {
          const member = node.name.text;
          // (getConstantValue(node) answers for const enums only: resolve the member's declaration.)
          const decl = checker.getSymbolAtLocation(node)?.valueDeclaration;
          const value = decl !== undefined && ts.isEnumMember(decl) && decl.parent === e.decl ? checker.getConstantValue(decl) : undefined;
          if (!e.members.has(member) || value !== e.members.get(member)) {
            fail(ts, [], `--inline-enums: ${sourceFile.fileName}: cannot resolve ${node.getText(sourceFile)}`);
          }
          rewrites.set(e.decl.name.text, rewrites.get(e.decl.name.text) + 1);
          const lit =
            value < 0 || Object.is(value, -0)
              ? ts.factory.createParenthesizedExpression(
                  ts.factory.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, ts.factory.createNumericLiteral(-value)),
                )
              : ts.factory.createNumericLiteral(value);
          return ts.addSyntheticTrailingComment(lit, ts.SyntaxKind.MultiLineCommentTrivia, ` ${e.decl.name.text}.${member} `, false);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(sourceFile, visit);
  };

  const diagnostics = [...ts.getPreEmitDiagnostics(program)];
  const result = program.emit(undefined, undefined, undefined, false, { before: names.length > 0 ? [transformer] : [], after });
  diagnostics.push(...result.diagnostics);
  if (diagnostics.length > 0) fail(ts, diagnostics);

  const outDir = resolve(dir, parsed.options.outDir);
  const rootDir = resolve(dir, parsed.options.rootDir ?? ".");
  const out = new Map();
  for (const [name, e] of enums) {
    out.set(name, { file: join(outDir, relative(rootDir, e.file)).replace(/\.ts$/, ".js"), members: e.members });
  }
  return { outDir, enums: out, rewrites };
}

/**
 * A transformer of tsc's CommonJS output: re-exports become constant data properties of `exports`.
 * tsc emulates an ES module's live bindings with a getter per re-exported name,
 * `Object.defineProperty(exports, "x", { enumerable: true, get: function () { return m_1.x; } })`,
 * and `__exportStar(require(...), exports)` defines one more per name; a consumer's CommonJS code
 * calls the chain of getters (one per barrel) on every access, and V8 does not inline a helper
 * called through them. Code generated with aot=true calls runtime helpers per value (a map entry,
 * a JSON string): with getters, decoding a map of 100 int32 entries took 5.9 us, with data
 * properties 2.7 us. The bindings never change: no module of ours reassigns an export, and there
 * are no run-time import cycles (scripts/check-layers.mjs), so a re-exported module has finished
 * running when the value is read. This becomes
 * `Object.defineProperty(exports, "x", { enumerable: true, value: m_1.x })`, and
 * `__exportStar(M, exports)` becomes
 * `for (const [k, v] of Object.entries(M)) if (k !== "default" && !Object.prototype.hasOwnProperty.call(exports, k)) Object.defineProperty(exports, k, { enumerable: true, value: v });`.
 */
export function constantReexports(ts) {
  return (context) => (sourceFile) => {
    const f = context.factory;
    const id = (name) => f.createIdentifier(name);
    const member = (obj, name) => f.createPropertyAccessExpression(obj, name);
    const call = (callee, args) => f.createCallExpression(callee, undefined, args);
    const isId = (node, name) => node !== undefined && ts.isIdentifier(node) && node.text === name;
    const defineValue = (name, value) =>
      f.createExpressionStatement(
        call(member(id("Object"), "defineProperty"), [
          id("exports"),
          name,
          f.createObjectLiteralExpression([f.createPropertyAssignment("enumerable", f.createTrue()), f.createPropertyAssignment("value", value)]),
        ]),
      );
    /** The returned expression of a re-export getter statement, or undefined. */
    const getterOf = (st) => {
      if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression)) return undefined;
      const { expression: callee, arguments: args } = st.expression;
      if (!ts.isPropertyAccessExpression(callee) || !isId(callee.expression, "Object") || callee.name.text !== "defineProperty") return undefined;
      if (args.length !== 3 || !isId(args[0], "exports") || !ts.isStringLiteral(args[1]) || !ts.isObjectLiteralExpression(args[2])) return undefined;
      const get = args[2].properties.find((p) => ts.isPropertyAssignment(p) && isId(p.name, "get"));
      const fn = get?.initializer;
      if (fn === undefined || !ts.isFunctionExpression(fn) || fn.parameters.length !== 0) return undefined;
      const body = fn.body.statements;
      return body.length === 1 && ts.isReturnStatement(body[0]) && body[0].expression !== undefined ? body[0].expression : undefined;
    };
    /** The module expression of an `__exportStar(M, exports)` statement, or undefined. */
    const starOf = (st) => {
      if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression)) return undefined;
      const { expression: callee, arguments: args } = st.expression;
      return isId(callee, "__exportStar") && args.length === 2 && isId(args[1], "exports") ? args[0] : undefined;
    };
    let stars = 0;
    const statements = sourceFile.statements.map((st) => {
      const value = getterOf(st);
      if (value !== undefined) return defineValue(st.expression.arguments[1], value);
      const mod = starOf(st);
      if (mod === undefined) return st;
      stars++;
      const entry = f.createArrayBindingPattern([
        f.createBindingElement(undefined, undefined, "k"),
        f.createBindingElement(undefined, undefined, "v"),
      ]);
      const notOwn = f.createLogicalNot(call(member(member(member(id("Object"), "prototype"), "hasOwnProperty"), "call"), [id("exports"), id("k")]));
      return f.createForOfStatement(
        undefined,
        f.createVariableDeclarationList([f.createVariableDeclaration(entry)], ts.NodeFlags.Const),
        call(member(id("Object"), "entries"), [mod]),
        f.createIfStatement(
          f.createLogicalAnd(f.createStrictInequality(id("k"), f.createStringLiteral("default")), notOwn),
          defineValue(id("k"), id("v")),
        ),
      );
    });
    const updated = f.updateSourceFile(sourceFile, statements);
    // tsc's helpers for `export *` are no longer called.
    if (stars > 0) {
      for (const helper of ts.getEmitHelpers(sourceFile) ?? []) {
        if (helper.importName === "__exportStar" || helper.importName === "__createBinding") ts.removeEmitHelper(updated, helper);
      }
    }
    return updated;
  };
}

/** Re-export getters and `__exportStar` calls left in the .js files under dir (file: statement). */
export function remainingReexportGetters(dir) {
  const left = [];
  for (const file of jsFiles(dir)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (/^Object\.defineProperty\(exports, "[^"]*", \{[^}]*\bget\b/.test(line) || /^__exportStar\(/.test(line))
        left.push(`${relative(cwd, file)}: ${line}`);
    }
  }
  return left;
}

function fail(ts, diagnostics, message) {
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => cwd, getNewLine: () => "\n" };
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  }
  if (message !== undefined) console.error(`build-package: ${message}`);
  process.exit(1);
}

/** All .js files under dir. */
function jsFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(".js"))
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

/**
 * Checks the emitted JS of both builds against the built enum objects themselves (imported from
 * dist/esm, required from dist/cjs): each `N /* Enum.MEMBER *\/` of an inlined enum must have the
 * number of the member in the enum object, and the count of such literals must be the count of
 * rewrites. Returns { total: the count of rewrites, problems: [message] }.
 */
export async function verifyInlinedEnums(dir, ...builds) {
  const problems = [];
  let total = 0;
  for (const build of builds) {
    const loaded = new Map();
    for (const [name, e] of build.enums) {
      const mod = build.outDir.endsWith("cjs") ? createRequire(join(dir, "package.json"))(e.file) : await import(pathToFileURL(e.file).href);
      const obj = mod[name];
      if (obj === undefined || typeof obj !== "object") problems.push(`${e.file} does not export the enum object ${name}`);
      for (const [member, value] of e.members) {
        if (obj?.[member] !== value) problems.push(`${name}.${member}: ${value} in the source, ${obj?.[member]} in ${e.file}`);
      }
      loaded.set(name, obj ?? {});
    }
    const names = [...build.enums.keys()].join("|");
    const re = new RegExp(`(\\(-)?(\\d+(?:\\.\\d+)?)\\)? /\\* (${names})\\.([A-Za-z_$][\\w$]*) \\*/`, "g");
    const seen = new Map([...build.enums.keys()].map((n) => [n, 0]));
    for (const file of jsFiles(build.outDir)) {
      for (const m of readFileSync(file, "utf8").matchAll(re)) {
        const value = (m[1] ? -1 : 1) * Number(m[2]);
        const actual = loaded.get(m[3])[m[4]];
        if (actual !== value) problems.push(`${relative(dir, file)}: ${m[0]}, but ${m[3]}.${m[4]} is ${actual}`);
        seen.set(m[3], seen.get(m[3]) + 1);
      }
    }
    for (const [name, n] of build.rewrites) {
      if (seen.get(name) !== n) problems.push(`${relative(dir, build.outDir)}: ${n} rewrites of ${name} made, ${seen.get(name)} found in the output`);
      total += n;
    }
  }
  return { total, problems };
}
