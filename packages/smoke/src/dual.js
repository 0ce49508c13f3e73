// The dual-package hazard, on Node.js (and Bun and Deno, which load CommonJS too): an application that imports @pbjet/protobuf (the ESM
// build) and a dependency that require()s it (the CommonJS build) load two copies of the
// runtime in one process. Messages and schemas made by one copy reach the functions of the
// other. This file checks what works across the copies:
//   1. the whole smoke suite with the CommonJS copy's functions on schemas from the ESM
//      copy's generated code (src/gen/), and the reverse (src/gen-cjs/);
//   2. direct cross-copy checks: messages, views, registries and errors made by one copy,
//      used by the other.
// Differences that come with two copies by nature are listed with `known(...)`: they are
// reported (with the error they give) but do not fail the run; if one starts to pass, the run
// says so.
import { createRequire } from "node:module";
import { assert, concat, createHarness, eq, fnv1a, hex, throws } from "./harness.js";
import { lib as esm } from "./lib-esm.js";
import { exit, platformName } from "./platform.js";
import { defineSuite } from "./suite.js";

const require = createRequire(import.meta.url);
const cjs = {
  pb: require("@pbjet/protobuf"),
  lazy: require("@pbjet/protobuf/lazy"),
  reflect: require("@pbjet/protobuf/reflect"),
  txtpb: require("@pbjet/protobuf/txtpb"),
  wire: require("@pbjet/protobuf/wire"),
  wkt: require("@pbjet/protobuf/wkt"),
  gen: {
    smoke: require("./gen-cjs/smoke/v1/smoke_pb.js"),
    legacy: require("./gen-cjs/smoke/v1/legacy_pb.js"),
    editions: require("./gen-cjs/smoke/v1/editions_pb.js"),
    fds: require("./gen-cjs/smoke_fds.js").smokeFileDescriptorSet,
  },
};

function defineCross(t) {
  const E = esm.gen.smoke;
  const C = cjs.gen.smoke;
  const init = {
    inner: { name: "x", n: 1 },
    rInt64: [1n, -1n],
    mStringInt32: { a: 1 },
    choice: { case: "cInt64", value: 5n },
    wInt64: 7n,
    st: { k: [1] },
  };

  t.test("two copies are loaded", () => {
    assert(require.resolve("@pbjet/protobuf").includes("/dist/cjs/"), `require resolves the CJS build: ${require.resolve("@pbjet/protobuf")}`);
    assert(esm.pb.create !== cjs.pb.create, "create() of the ESM and CJS builds are different functions");
    assert(E.EverythingSchema !== C.EverythingSchema, "the schemas of src/gen and src/gen-cjs are different objects");
  });

  for (const [from, to, name] of [
    [esm, cjs, "ESM → CJS"],
    [cjs, esm, "CJS → ESM"],
  ]) {
    t.describe(name, () => {
      const FS = from.gen.smoke;
      const TS = to.gen.smoke;
      const make = () => from.pb.create(FS.EverythingSchema, init);

      t.test("toBinary with either schema", () => {
        const msg = make();
        const expected = hex(from.pb.toBinary(FS.EverythingSchema, msg));
        eq(hex(to.pb.toBinary(FS.EverythingSchema, msg)), expected, "other copy's toBinary, same schema");
        eq(hex(to.pb.toBinary(TS.EverythingSchema, msg)), expected, "other copy's toBinary and schema");
      });
      t.test("isMessage, equals, clone", () => {
        const msg = make();
        assert(to.pb.isMessage(msg), "isMessage");
        assert(to.pb.isMessage(msg, TS.EverythingSchema), "isMessage with the other copy's schema");
        assert(to.pb.equals(TS.EverythingSchema, msg, to.pb.create(TS.EverythingSchema, init)), "equals with a message of the other copy");
        const c = to.pb.clone(TS.EverythingSchema, msg);
        assert(from.pb.equals(FS.EverythingSchema, c, msg), "clone by the other copy");
      });
      t.test("fromBinary / toJson / toText with the other copy", () => {
        const bytes = from.pb.toBinary(FS.EverythingSchema, make());
        const back = to.pb.fromBinary(FS.EverythingSchema, bytes);
        assert(from.pb.equals(FS.EverythingSchema, back, make()), "fromBinary by the other copy, read by this one");
        eq(to.pb.toJson(TS.EverythingSchema, make()), from.pb.toJson(FS.EverythingSchema, make()), "toJson");
        eq(to.pb.toText(TS.EverythingSchema, make()), from.pb.toText(FS.EverythingSchema, make()), "toText");
      });
      t.test("reflect a message of the other copy", () => {
        const msg = make();
        const r = to.reflect.reflect(TS.EverythingSchema, msg);
        eq(r.get(TS.EverythingSchema.field.cInt64), 5n, "get");
        r.set(TS.EverythingSchema.field.inner, to.reflect.reflect(TS.InnerSchema, to.pb.create(TS.InnerSchema, { name: "set" })));
        eq(msg.inner.name, "set", "set");
      });
      t.test("extensions of the other copy", () => {
        const m = from.pb.create(from.gen.legacy.LegacySchema, { id: "e" });
        from.pb.setExtension(m, from.gen.legacy.ext_note, "n");
        eq(to.pb.getExtension(m, to.gen.legacy.ext_note), "n", "getExtension with the other copy's descriptor");
        eq(to.pb.getExtension(m, from.gen.legacy.ext_note), "n", "getExtension with this copy's descriptor");
      });
      t.test("Any and registries across copies", () => {
        const any = from.wkt.anyPack(FS.InnerSchema, from.pb.create(FS.InnerSchema, { name: "a" }));
        eq(to.wkt.anyUnpack(any, TS.InnerSchema)?.name, "a", "anyUnpack with the other copy's schema");
        const reg = from.pb.createRegistry(FS.InnerSchema);
        eq(to.wkt.anyUnpack(any, reg)?.name, "a", "anyUnpack with the other copy's registry");
        const msg = to.pb.create(TS.EverythingSchema, { any });
        eq(
          to.pb.toJson(TS.EverythingSchema, msg, { registry: reg }).any,
          { "@type": "type.googleapis.com/smoke.v1.Inner", name: "a" },
          "toJson with the other copy's registry",
        );
        const set = from.pb.fromBinary(from.wkt.FileDescriptorSetSchema, from.wire.base64Decode(from.gen.fds));
        const fileReg = to.pb.createFileRegistry(set);
        eq(
          to.pb.fromBinary(fileReg.getMessage("smoke.v1.Inner"), from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 3 }))).n,
          3,
          "createFileRegistry from the other copy's FileDescriptorSet",
        );
      });
      t.test("size-delimited streams across copies", async () => {
        const frames = concat(
          from.pb.sizeDelimitedEncode(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })),
          to.pb.sizeDelimitedEncode(FS.InnerSchema, make().inner),
        );
        const got = [];
        for await (const m of to.pb.sizeDelimitedDecodeStream(FS.InnerSchema, [frames])) got.push(m.n);
        eq(got, [1, 1], "decoded");
      });
      t.test("a view of one copy read, compared and copied by the other", () => {
        const bytes = concat(
          from.pb.toBinary(FS.BatchSchema, from.pb.create(FS.BatchSchema, { label: "L" })),
          from.pb.toBinary(FS.BatchSchema, from.pb.create(FS.BatchSchema, { items: [make()] })),
        );
        const view = from.pb.fromBinary(FS.BatchSchema, bytes, { lazy: true });
        assert(to.pb.equals(TS.BatchSchema, view, to.pb.fromBinary(TS.BatchSchema, bytes)), "equals(view of the other copy, eager)");
        eq(to.pb.toJson(TS.BatchSchema, view), from.pb.toJson(FS.BatchSchema, view), "toJson of the other copy's view");
        // Encoding the view field by field gives the canonical bytes: the same message.
        assert(
          from.pb.equals(FS.BatchSchema, from.pb.fromBinary(FS.BatchSchema, to.pb.toBinary(TS.BatchSchema, view)), view),
          "toBinary of the other copy's view encodes the same message",
        );
      });
      t.test("isLazyMessage of the other copy's view (a registered symbol keeps a view's state)", () => {
        const view = from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })), { lazy: true });
        assert(to.pb.isLazyMessage(view), "the other copy's isLazyMessage(view) is false");
        assert(!to.pb.isLazyMessage(from.pb.create(FS.InnerSchema, { n: 1 })), "an ordinary message is not a view");
      });
      t.known(
        "toBinary of the other copy's view copies the input bytes (passthrough)",
        "the other copy does not see a view, and encodes its fields",
        () => {
          const bytes = concat(
            from.pb.toBinary(FS.BatchSchema, from.pb.create(FS.BatchSchema, { label: "L" })),
            from.pb.toBinary(FS.BatchSchema, from.pb.create(FS.BatchSchema, { items: [make()] })),
          );
          const view = from.pb.fromBinary(FS.BatchSchema, bytes, { lazy: true });
          const out = to.pb.toBinary(TS.BatchSchema, view);
          assert(
            hex(out) === hex(bytes),
            `toBinary(view) by the other copy gives the canonical bytes (items first: ${hex(out.subarray(0, 2))}...), not the input (label first: ${hex(bytes.subarray(0, 2))}...)`,
          );
        },
      );
      t.test("toMutable of the other copy's view", () => {
        const view = from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })), { lazy: true });
        const m = to.pb.toMutable(TS.InnerSchema, view);
        assert(m !== view, "toMutable(view) of the other copy returns the same read-only view");
        assert(!to.pb.isLazyMessage(m) && !from.pb.isLazyMessage(m), "the copy is not a view");
        m.name = "changed";
        eq([m.name, m.n], ["changed", 1], "fields");
      });
      t.test("materialize of the other copy's view", () => {
        const view = from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })), { lazy: true });
        const m = to.pb.materialize(TS.InnerSchema, view);
        assert(m !== view && !to.pb.isLazyMessage(m), "materialize(view) of the other copy returns the same view");
        assert(from.pb.equals(FS.InnerSchema, m, from.pb.create(FS.InnerSchema, { n: 1 })), "same content");
      });
      t.test("clone of the other copy's view is an ordinary, writable message (the way out)", () => {
        const view = from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })), { lazy: true });
        const c = to.pb.clone(TS.InnerSchema, view);
        assert(!from.pb.isLazyMessage(c) && c !== view, "not a view");
        c.name = "changed";
        eq([c.name, c.n], ["changed", 1], "fields");
      });
      t.test("toBinary by the other copy of a mutable copy that holds views", () => {
        const bytes = from.pb.toBinary(FS.BatchSchema, from.pb.create(FS.BatchSchema, { items: [make(), make()] }));
        const m = from.pb.toMutable(FS.BatchSchema, from.pb.fromBinary(FS.BatchSchema, bytes, { lazy: true }));
        m.label = "L";
        m.items = [m.items[1]];
        const back = to.pb.fromBinary(TS.BatchSchema, to.pb.toBinary(TS.BatchSchema, m));
        assert(from.pb.equals(FS.BatchSchema, back, m), "same message");
      });
      t.test("a write to one copy's view is written by both copies", () => {
        const view = from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, from.pb.create(FS.InnerSchema, { n: 1 })), { lazy: true });
        view.n = 2;
        eq(from.pb.fromBinary(FS.InnerSchema, from.pb.toBinary(FS.InnerSchema, view)).n, 2, "written by its own copy");
        eq(from.pb.fromBinary(FS.InnerSchema, to.pb.toBinary(TS.InnerSchema, view)).n, 2, "written by the other copy");
      });
      t.test("errors of one copy: name and fields", () => {
        const e = throws(() => from.pb.fromBinary(FS.InnerSchema, new Uint8Array([0x0a, 0x05])), undefined, "truncated");
        eq([e.name, typeof e.offset], ["BinaryDecodeError", "number"], "name and offset");
      });
      t.known("instanceof the other copy's error classes", "each copy has its own classes: match errors by `name`, not `instanceof`", () => {
        const e = throws(() => from.pb.fromBinary(FS.InnerSchema, new Uint8Array([0x0a, 0x05])), undefined, "truncated");
        assert(e instanceof to.pb.BinaryDecodeError, "error of one copy instanceof the other's BinaryDecodeError");
      });
      t.test("errors thrown by the other copy's reflect are isFieldError", () => {
        const r = from.reflect.reflect(FS.InnerSchema, from.pb.create(FS.InnerSchema));
        const e = throws(() => r.set(FS.InnerSchema.field.n, "x"), "FieldValueInvalidError", "set");
        assert(to.reflect.isFieldError(e), "the other copy's isFieldError");
      });
    });
  }
}

const log = (line) => console.log(line);
const summaries = [];
const run = async (title, define) => {
  console.log(`--- ${title}`);
  const t = createHarness();
  const digests = {};
  define(t, (label, data) => {
    digests[label] = `${fnv1a(data)}/${data.length}`;
  });
  const s = await t.run({ log });
  summaries.push({ title, ...s, digests });
};

const started = Date.now();
await run("suite: CommonJS functions, schemas from ESM generated code", (t, digest) => defineSuite(t, { ...cjs, gen: esm.gen }, digest));
await run("suite: ESM functions, schemas from CommonJS generated code", (t, digest) => defineSuite(t, { ...esm, gen: cjs.gen }, digest));
await run("cross-copy checks", (t) => defineCross(t));

const summary = {
  passed: summaries.reduce((n, s) => n + s.passed, 0),
  failed: summaries.reduce((n, s) => n + s.failed, 0),
  knownFailures: summaries.reduce((n, s) => n + s.knownFailures, 0),
  unexpectedPasses: summaries.reduce((n, s) => n + s.unexpectedPasses, 0),
  failures: summaries.flatMap((s) => s.failures.map((f) => ({ ...f, name: `${s.title} > ${f.name}` }))),
  known: summaries.flatMap((s) => s.known.map((f) => ({ ...f, name: `${s.title} > ${f.name}` }))),
  unexpected: summaries.flatMap((s) => s.unexpected.map((f) => ({ ...f, name: `${s.title} > ${f.name}` }))),
  // Both suite runs must serialize exactly what a single copy does.
  digests: summaries[0].digests,
  digestsReverse: summaries[1].digests,
  platform: `${platformName()} (ESM + CJS copies)`,
  ms: Date.now() - started,
};
for (const [label, d] of Object.entries(summary.digests)) console.log(`digest  ${label}: ${d}`);
console.log(`SMOKE-SUMMARY ${JSON.stringify(summary)}`);
console.log(`${summary.passed} passed, ${summary.failed} failed`);
if (summary.failed > 0) exit(1);
