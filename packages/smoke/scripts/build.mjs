// Bundles the smoke suite with esbuild:
//   dist/browser.js  src/main.js for browsers (ES module, the runtime's ESM build, platform "browser")
//   dist/main.cjs    src/main.js as CommonJS for Node.js: @pbjet/protobuf stays external, so its
//                    imports become require() calls that load the runtime's CommonJS build, and
//                    the generated code comes from src/gen-cjs/ (js_import_style=legacy_commonjs)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const entry = join(pkgDir, "src", "main.js");

/** Resolves the suite's imports of ./gen/ to ./gen-cjs/. */
const cjsGen = {
  name: "gen-cjs",
  setup(b) {
    b.onResolve({ filter: /^\.\/gen\// }, (args) => ({ path: join(args.resolveDir, args.path.replace(/^\.\/gen\//, "./gen-cjs/")) }));
  },
};

const common = { bundle: true, logLevel: "warning", legalComments: "none", absWorkingDir: pkgDir };
await Promise.all([
  build({ ...common, entryPoints: [entry], outfile: join(pkgDir, "dist", "browser.js"), format: "esm", platform: "browser", target: "es2020" }),
  build({
    ...common,
    entryPoints: [entry],
    outfile: join(pkgDir, "dist", "main.cjs"),
    format: "cjs",
    platform: "node",
    packages: "external",
    plugins: [cjsGen],
  }),
]);
console.log("built dist/browser.js and dist/main.cjs");
