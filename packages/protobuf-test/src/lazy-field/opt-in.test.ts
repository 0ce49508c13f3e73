// Lazy decoding is opt-in: without `@pbjet/protobuf/lazy`, `{ lazy: true }` throws a clear error;
// loading the subpath enables it. `[lazy]` fields decode as views only in files given to
// withLazyFields() (generated code does that for its files), whatever else the program loaded.
// Each case runs in a fresh Node.js process, since enabling is global to a copy of the runtime.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const testPkg = join(__dirname, "..", "..");

/** Runs `body` (CommonJS) in a fresh Node.js process in the test package; returns its JSON output. */
function run(body: string): Record<string, unknown> {
  const script = `
const pb = require("@pbjet/protobuf");
const { FileDescriptorSetSchema } = require("@pbjet/protobuf/wkt");
const { readFileSync } = require("node:fs");
const set = pb.fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(${JSON.stringify(join(testPkg, "descriptors", "test.binpb"))})));
const registry = pb.createFileRegistry(set);
const Holder = registry.getMessage("pbjet.test.lazy.Holder");
const bytes = pb.toBinary(Holder, pb.create(Holder, { verified: { name: "a" }, verifiedList: [{ name: "b" }], label: "x" }));
const out = {};
const attempt = (f) => { try { return f(); } catch (e) { return "throws " + e.name + ": " + e.message; } };
${body}
process.stdout.write(JSON.stringify(out));
`;
  const r = spawnSync(process.execPath, ["-e", script], { cwd: testPkg, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`the script failed:\n${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe("lazy decoding is opt-in", () => {
  test("without @pbjet/protobuf/lazy: { lazy: true } throws a ProtobufError that says what to import", () => {
    const out = run(`out.result = attempt(() => pb.fromBinary(Holder, bytes, { lazy: true }));`);
    expect(out.result).toBe(
      'throws ProtobufError: cannot decode pbjet.test.lazy.Holder lazily: import "@pbjet/protobuf/lazy" once to enable lazy decoding',
    );
  });

  test("without it, [lazy] fields of a registry's schema decode as ordinary messages, with the same values", () => {
    const out = run(`
const m = pb.fromBinary(Holder, bytes);
out.views = [pb.isLazyMessage(m.verified), pb.isLazyMessage(m.verifiedList[0])];
out.values = [m.verified.name, m.verifiedList[0].name, m.label];
m.verified.name = "changed"; // an ordinary message takes writes
out.written = m.verified.name;`);
    expect(out).toEqual({ views: [false, false], values: ["a", "b", "x"], written: "changed" });
  });

  test("loading @pbjet/protobuf/lazy enables { lazy: true }, not [lazy] fields of unmarked files; it exports the view functions", () => {
    const out = run(`
const lazy = require("@pbjet/protobuf/lazy");
const view = pb.fromBinary(Holder, bytes, { lazy: true });
out.view = [pb.isLazyMessage(view), view.verified.name];
const m = pb.fromBinary(Holder, bytes);
out.fieldViews = [pb.isLazyMessage(m.verified), pb.isLazyMessage(m.verifiedList[0])];
lazy.withLazyFields(Holder.file);
const marked = pb.fromBinary(Holder, bytes);
out.markedViews = [pb.isLazyMessage(marked.verified), pb.isLazyMessage(marked.verifiedList[0]), marked.verified.name];
out.exports = ["enableLazyDecoding", "withLazyFields", "toMutable", "materialize", "isLazyMessage", "LazyMessageError"].map((k) => typeof lazy[k]);
out.sameFunctions = lazy.toMutable === pb.toMutable && lazy.isLazyMessage === pb.isLazyMessage;`);
    expect(out).toEqual({
      view: [true, "a"],
      fieldViews: [false, false],
      markedViews: [true, true, "a"],
      exports: ["function", "function", "function", "function", "function", "function"],
      sameFunctions: true,
    });
  });

  test("generated code for a file with [lazy] fields enables lazy decoding and marks its own file only", () => {
    const out = run(`
out.before = attempt(() => pb.isLazyMessage(pb.fromBinary(Holder, bytes, { lazy: true })));
const gen = require("./dist/gen/lazy_pb.js");
const m = pb.fromBinary(gen.HolderSchema, pb.toBinary(gen.HolderSchema, pb.create(gen.HolderSchema, { verified: { name: "a" } })));
const fromRegistry = pb.fromBinary(Holder, bytes);
out.after = [pb.isLazyMessage(m.verified), pb.isLazyMessage(pb.fromBinary(Holder, bytes, { lazy: true }))];
out.registryField = pb.isLazyMessage(fromRegistry.verified);`);
    expect(String(out.before)).toMatch(/^throws ProtobufError: .*lazily: import "@pbjet\/protobuf\/lazy" once/);
    expect(out.after).toEqual([true, true]);
    // The registry's copy of the file was not marked: what the program imported does not change it.
    expect(out.registryField).toBe(false);
  });
});
