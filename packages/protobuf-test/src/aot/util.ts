/**
 * Shared by the aot suites: the registries of the two test sets (closures and aot=true), and a
 * snapshot of everything observable about a decoded message.
 */
import * as pb from "@pbjet/protobuf";
import { type DescriptorProto, FeatureSet_FieldPresence, FieldDescriptorProto_Label, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { aotRegistry, descriptorSetBytes, hex } from "../helpers";
import { describeError } from "../lazy/util";

/** The two sets of test types. */
export type SetName = "test" | "conformance";
export const sets: SetName[] = ["test", "conformance"];

/** A set's types twice: built at run time (the closure path) and generated with aot=true. */
export function registries(set: SetName): { aot: pb.FileRegistry; closure: pb.FileRegistry } {
  const closure = pb.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes(set)));
  return { aot: aotRegistry(closure), closure };
}

const relaxed = new Map<SetName, pb.FileRegistry>();

/**
 * A set's types built at run time with every required field optional (proto2 `required` and
 * LEGACY_REQUIRED made explicit presence). toJsonString() of a message that lacks a required
 * field throws; for types whose required fields cannot all be set (a cycle of required message
 * fields), the suites write such a message as one of the relaxed type, which has the same
 * JSON form, to get text to read.
 */
export function relaxedRegistry(set: SetName): pb.FileRegistry {
  let reg = relaxed.get(set);
  if (reg === undefined) {
    const fds = pb.fromBinary(FileDescriptorSetSchema, descriptorSetBytes(set));
    const relax = (m: DescriptorProto): void => {
      for (const f of m.field) {
        if (f.label === FieldDescriptorProto_Label.REQUIRED) f.label = FieldDescriptorProto_Label.OPTIONAL;
        const features = f.options?.features;
        if (features?.fieldPresence === FeatureSet_FieldPresence.LEGACY_REQUIRED) features.fieldPresence = FeatureSet_FieldPresence.EXPLICIT;
      }
      m.nestedType.forEach(relax);
    };
    for (const file of fds.file) file.messageType.forEach(relax);
    reg = pb.createFileRegistry(fds);
    relaxed.set(set, reg);
  }
  return reg;
}

/**
 * Everything observable about a decoded message: own keys, values (bytes as hex, bigints
 * tagged), prototypes' defaults, nested alike.
 */
export function snapshot(v: unknown): unknown {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number" && Number.isNaN(v)) return "NaN";
  if (typeof v === "number" && Object.is(v, -0)) return "-0";
  if (v instanceof Uint8Array) return `bytes:${hex(v)}`;
  if (Array.isArray(v)) return v.map(snapshot);
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    // defineProperty: a key "__proto__" (a Struct or map key) is data, not the snapshot's prototype.
    for (const k of Object.keys(v)) {
      Object.defineProperty(out, k, { value: snapshot((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) out["<proto>"] = snapshot({ ...proto });
    return out;
  }
  return v;
}

/** The outcome of a JSON read or write: its result's snapshot, or the error's class, message and path. */
export function jsonOutcome(fn: () => unknown): unknown {
  try {
    return { ok: snapshot(fn()) };
  } catch (e) {
    const err = e as { path?: unknown; detail?: unknown; typeName?: unknown };
    return { error: describeError(e), path: err.path, detail: err.detail, typeName: err.typeName };
  }
}
