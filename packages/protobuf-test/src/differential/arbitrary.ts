/**
 * fast-check arbitraries that build random init objects for any message type, by walking
 * pbjet's descriptors. Nothing here knows a particular message: every rule comes from the
 * descriptor (field kind, presence, enum openness, jstype, UTF-8 validation, oneofs,
 * required fields, map key types).
 *
 * Values use the representation of pbjet and protobuf-es v2:
 * - 64-bit integers are bigint in range, or decimal strings with `jstype = JS_STRING`;
 * - map keys are strings ("true"/"false" for bool keys, decimal for integer keys);
 * - float fields only hold values that survive float32 rounding;
 * - closed enums only get known values, open enums sometimes unknown ones;
 * - oneofs are `{ case, value }`, nested messages are init objects.
 */
import * as fc from "fast-check";
import { ScalarType, type DescEnum, type DescExtension, type DescField, type DescMessage, type DescOneof } from "@pbjet/protobuf";

/** google.protobuf.FeatureSet.FieldPresence */
const EXPLICIT = 1;
const IMPLICIT = 2;
const LEGACY_REQUIRED = 3;

/** An unknown field as pbjet and protobuf-es store them in `$unknown`. */
export interface UnknownFieldInit {
  no: number;
  wireType: number;
  data: Uint8Array;
}

export interface InitOptions {
  /** Nesting budget for optional message fields (required ones are always set). Default 2. */
  depth?: number;
  /** Maximum elements of lists and maps. Default 3. */
  maxElements?: number;
  /** Maximum length of strings and bytes. Default 10. */
  maxLength?: number;
  /** Generate NaN for float and double. Default true. */
  nan?: boolean;
  /** Generate lone surrogates in strings (they do not survive UTF-8). Default false. */
  loneSurrogates?: boolean;
  /**
   * Generate random unknown fields (numbers the schema does not know) in messages of every
   * type, or of the types the function accepts. Default false.
   */
  unknownFields?: boolean | ((desc: DescMessage) => boolean);
  /** Oneofs for which the arbitrary always picks a case. */
  alwaysSetOneof?: (oneof: DescOneof) => boolean;
  /** Probability that an optional member is set, in percent. Default 50. */
  setPercent?: number;
}

type Opts = Required<Omit<InitOptions, "alwaysSetOneof">> & Pick<InitOptions, "alwaysSetOneof">;

function resolve(options: InitOptions | undefined): Opts {
  return {
    depth: 2,
    maxElements: 3,
    maxLength: 10,
    nan: true,
    loneSurrogates: false,
    unknownFields: false,
    setPercent: 50,
    ...options,
  };
}

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;
const UINT32_MAX = 0xffffffff;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

type AnyArb = fc.Arbitrary<unknown>;

/** Random values of a scalar type, in pbjet's representation. */
export function scalarArbitrary(type: ScalarType, longAsString: boolean, options?: InitOptions): AnyArb {
  const o = resolve(options);
  const long = (min: bigint, max: bigint): AnyArb => {
    const arb = fc.bigInt({ min, max });
    return longAsString ? arb.map((v) => v.toString()) : arb;
  };
  switch (type) {
    case ScalarType.DOUBLE:
      return fc.double({ noNaN: !o.nan });
    case ScalarType.FLOAT:
      // fc.float() only produces 32-bit floats; Math.fround documents (and enforces) it.
      return fc.float({ noNaN: !o.nan }).map((v) => Math.fround(v));
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return fc.integer({ min: INT32_MIN, max: INT32_MAX });
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return fc.integer({ min: 0, max: UINT32_MAX });
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return long(INT64_MIN, INT64_MAX);
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return long(0n, UINT64_MAX);
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.STRING:
      return stringArbitrary(o);
    case ScalarType.BYTES:
      return fc.uint8Array({ maxLength: o.maxLength });
  }
}

function stringArbitrary(o: Opts): fc.Arbitrary<string> {
  const units: fc.Arbitrary<string>[] = [
    fc.string({ unit: "binary-ascii", maxLength: o.maxLength }),
    // Any code point: 2-, 3- and 4-byte UTF-8 sequences, astral plane included.
    fc.string({ unit: "binary", maxLength: o.maxLength }),
    fc.string({
      unit: fc.constantFrom("é", "ß", "€", "✓", "𝄞", "😀", "\u{10ffff}", "\u0000", "\uffff", "a"),
      maxLength: o.maxLength,
    }),
  ];
  if (o.loneSurrogates) {
    units.push(
      fc.string({
        unit: fc.oneof(
          fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
          fc.constant("x"),
        ),
        maxLength: o.maxLength,
      }),
    );
  }
  return fc.oneof(...units);
}

/** Random values of an enum: known values, and for open enums sometimes unknown ones. */
export function enumArbitrary(desc: DescEnum): fc.Arbitrary<number> {
  const known = fc.constantFrom(...desc.values.map((v) => v.number));
  if (!desc.open) return known;
  return fc.oneof({ arbitrary: known, weight: 4 }, { arbitrary: fc.integer({ min: INT32_MIN, max: INT32_MAX }), weight: 1 });
}

/** Random map keys of a key type, as the property strings of a map object. */
function mapKeyArbitrary(type: ScalarType, o: Opts): fc.Arbitrary<string> {
  switch (type) {
    case ScalarType.BOOL:
      return fc.boolean().map(String);
    case ScalarType.STRING:
      // Keys that are properties of Object.prototype must stay plain data.
      return fc.oneof(
        { arbitrary: stringArbitrary(o), weight: 6 },
        { arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "0", "1", "-1"), weight: 1 },
      );
    default:
      return scalarArbitrary(type, false, o).map(String);
  }
}

/** Sets an own enumerable property, also for "__proto__". */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * True if a message of this type can be fully initialized: every required message field
 * has a type that can be. Types with a cycle of required message fields cannot (e.g.
 * `TestAllRequiredTypesProto2.recursive_message`), and can never be encoded.
 */
export function isInitializable(desc: DescMessage, visiting: Set<string> = new Set()): boolean {
  if (visiting.has(desc.typeName)) return false;
  visiting.add(desc.typeName);
  try {
    for (const f of desc.fields) {
      if (f.presence === LEGACY_REQUIRED && f.fieldKind === "message" && !isInitializable(f.message, visiting)) {
        return false;
      }
    }
    return true;
  } finally {
    visiting.delete(desc.typeName);
  }
}

/** True if the message type, or any it contains, has a required field. */
export function hasRequired(desc: DescMessage, seen: Set<string> = new Set()): boolean {
  if (seen.has(desc.typeName)) return false;
  seen.add(desc.typeName);
  return desc.fields.some((f) => f.presence === LEGACY_REQUIRED || (f.message !== undefined && hasRequired(f.message, seen)));
}

class Builder {
  private readonly cache = new Map<string, fc.Arbitrary<Record<string, unknown>>>();
  constructor(private readonly o: Opts) {}

  message(desc: DescMessage, depth: number): fc.Arbitrary<Record<string, unknown>> {
    // Below the budget, optional message fields are left out, so there is one arbitrary
    // for all depths < 0.
    const key = `${desc.typeName}@${Math.max(depth, -1)}`;
    let arb = this.cache.get(key);
    if (arb === undefined) {
      if (depth < 0 && !isInitializable(desc)) {
        // A cycle of required message fields: no finite message is complete. An empty one
        // (missing required fields) ends the recursion; such messages cannot be encoded.
        arb = fc.constant({});
      } else {
        // Depth decreases to -1, where only required message fields are followed, and
        // those form no cycle (isInitializable): building terminates.
        arb = this.buildMessage(desc, depth);
      }
      this.cache.set(key, arb);
    }
    return arb;
  }

  private buildMessage(desc: DescMessage, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const names: string[] = [];
    const arbs: AnyArb[] = [];
    for (const member of desc.members) {
      const arb = member.kind === "oneof" ? this.oneof(member, depth) : this.member(member, depth);
      if (arb === undefined) continue;
      names.push(member.localName);
      arbs.push(arb);
    }
    const uf = this.o.unknownFields;
    if (uf === true || (typeof uf === "function" && uf(desc))) {
      names.push("$unknown");
      arbs.push(this.optional(unknownFieldsArbitrary(desc, this.o)));
    }
    return fc.tuple(...arbs).map((values) => {
      const init: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        if (values[i] !== undefined) init[names[i]] = values[i];
      }
      return init;
    });
  }

  private optional(arb: AnyArb): AnyArb {
    const p = this.o.setPercent;
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 100 - p }, { arbitrary: arb, weight: p });
  }

  private oneof(oneof: DescOneof, depth: number): AnyArb | undefined {
    const cases: AnyArb[] = [];
    for (const f of oneof.fields) {
      const v = this.singular(f, depth);
      if (v !== undefined) cases.push(v.map((value) => ({ case: f.localName, value })));
    }
    if (cases.length === 0) return undefined;
    const arb = fc.oneof(...cases);
    return this.o.alwaysSetOneof?.(oneof) ? arb : this.optional(arb);
  }

  /** A field that is not in a oneof: undefined (not set) or a value. */
  private member(field: DescField, depth: number): AnyArb | undefined {
    const value = this.value(field, depth);
    if (field.presence === LEGACY_REQUIRED) {
      if (value !== undefined) return value;
      // A required message below the budget: still set, as small as possible.
      return this.message(field.message!, -1);
    }
    return value === undefined ? undefined : this.optional(value);
  }

  /** Values of a field or extension of any kind; undefined if the depth budget is exhausted. */
  value(field: DescField | DescExtension, depth: number): AnyArb | undefined {
    const o = this.o;
    switch (field.fieldKind) {
      case "list": {
        let elem: AnyArb | undefined;
        if (field.listKind === "message") {
          if (depth <= 0) return undefined;
          elem = wktElementBoxing(field) === "struct" ? jsonObjectArbitrary(depth - 1, o) : this.message(field.message!, depth - 1);
        } else if (field.listKind === "enum") {
          elem = enumArbitrary(field.enum!);
        } else {
          elem = scalarArbitrary(field.scalar!, field.longAsString, o);
        }
        return fc.array(elem, { minLength: 1, maxLength: o.maxElements });
      }
      case "map": {
        let val: AnyArb;
        if (field.mapKind === "message") {
          if (depth <= 0) return undefined;
          val = wktElementBoxing(field) === "struct" ? jsonObjectArbitrary(depth - 1, o) : this.message(field.message!, depth - 1);
        } else if (field.mapKind === "enum") {
          val = enumArbitrary(field.enum!);
        } else {
          val = scalarArbitrary(field.scalar!, false, o);
        }
        return fc
          .uniqueArray(fc.tuple(mapKeyArbitrary(field.mapKey, o), val), {
            minLength: 1,
            maxLength: o.maxElements,
            selector: (e) => e[0],
          })
          .map((entries) => {
            const map: Record<string, unknown> = {};
            for (const [k, v] of entries) setOwn(map, k, v);
            return map;
          });
      }
      default:
        return this.singular(field, depth);
    }
  }

  private singular(field: DescField | DescExtension, depth: number): AnyArb | undefined {
    switch (field.fieldKind) {
      case "message":
        switch (wktBoxing(field)) {
          case "wrapper": {
            const inner = field.message.fields[0];
            return scalarArbitrary(inner.scalar!, false, this.o);
          }
          case "struct":
            return depth <= 0 ? undefined : jsonObjectArbitrary(depth, this.o);
        }
        if (depth <= 0) return undefined;
        return this.message(field.message, depth - 1);
      case "enum":
        return enumArbitrary(field.enum);
      case "scalar":
        return scalarArbitrary(field.scalar, field.longAsString, this.o);
      default:
        throw new Error(`unexpected ${field.fieldKind} in singular()`);
    }
  }
}

const wrapperTypeNames = new Set([
  "google.protobuf.DoubleValue",
  "google.protobuf.FloatValue",
  "google.protobuf.Int64Value",
  "google.protobuf.UInt64Value",
  "google.protobuf.Int32Value",
  "google.protobuf.UInt32Value",
  "google.protobuf.BoolValue",
  "google.protobuf.StringValue",
  "google.protobuf.BytesValue",
]);

/**
 * How pbjet holds a singular message field of a well-known type (as protobuf-es v2 does):
 * a wrapper (google.protobuf.Int32Value, ...) as its primitive value, a
 * google.protobuf.Struct (outside google.protobuf.Value) as a JSON object. Lists and maps
 * hold messages.
 */
export function wktBoxing(field: DescField | DescExtension): "wrapper" | "struct" | undefined {
  if (field.fieldKind !== "message") return undefined;
  const m = field.message;
  if (field.oneof === undefined && wrapperTypeNames.has(m.typeName) && m.fields.length === 1 && m.fields[0].number === 1) return "wrapper";
  if (isStructHeldAsJson(field, m)) return "struct";
  return undefined;
}

/** True for a google.protobuf.Struct held as a JSON object: anywhere outside google.protobuf.Value. */
function isStructHeldAsJson(field: DescField | DescExtension, m: DescMessage | undefined): boolean {
  return m?.typeName === "google.protobuf.Struct" && field.parent?.typeName !== "google.protobuf.Value";
}

/** How elements of a list, or values of a map, are held: Struct values as JSON objects. */
export function wktElementBoxing(field: DescField | DescExtension): "struct" | undefined {
  if (field.fieldKind !== "list" && field.fieldKind !== "map") return undefined;
  return isStructHeldAsJson(field, field.message) ? "struct" : undefined;
}

/** JSON values as a google.protobuf.Value can hold them: any double, NaN and infinities too. */
function jsonValueArbitrary(depth: number, o: Opts): AnyArb {
  const leaf = fc.oneof(fc.constant(null), fc.boolean(), fc.double({ noNaN: !o.nan }), stringArbitrary(o));
  if (depth <= 0) return leaf;
  return fc.oneof(
    { arbitrary: leaf, weight: 4 },
    { arbitrary: fc.array(jsonValueArbitrary(depth - 1, o), { maxLength: o.maxElements }), weight: 1 },
    { arbitrary: jsonObjectArbitrary(depth - 1, o), weight: 1 },
  );
}

/** JSON objects, as a google.protobuf.Struct field holds them. */
export function jsonObjectArbitrary(depth: number, options?: InitOptions): fc.Arbitrary<Record<string, unknown>> {
  const o = resolve(options);
  return fc
    .uniqueArray(fc.tuple(mapKeyArbitrary(ScalarType.STRING, o), jsonValueArbitrary(depth, o)), {
      maxLength: o.maxElements,
      selector: (e) => e[0],
    })
    .map((entries) => {
      const obj: Record<string, unknown> = {};
      for (const [k, v] of entries) setOwn(obj, k, v);
      return obj;
    });
}

/** Encodes an unsigned varint. */
function varint(v: bigint): number[] {
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

/** Random unknown fields: field numbers the message does not declare, well-formed data. */
export function unknownFieldsArbitrary(desc: DescMessage, options?: InitOptions): fc.Arbitrary<UnknownFieldInit[]> {
  const o = resolve(options);
  const known = new Set(desc.fields.map((f) => f.number));
  const no = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 20000, max: 536870911 })).filter((n) => !known.has(n));
  const field = fc.oneof(
    fc.tuple(no, fc.bigInt({ min: 0n, max: UINT64_MAX })).map(([n, v]) => ({ no: n, wireType: 0, data: new Uint8Array(varint(v)) })),
    fc.tuple(no, fc.uint8Array({ minLength: 8, maxLength: 8 })).map(([n, data]) => ({ no: n, wireType: 1, data })),
    fc.tuple(no, fc.uint8Array({ maxLength: o.maxLength })).map(([n, b]) => ({
      no: n,
      wireType: 2,
      data: new Uint8Array([...varint(BigInt(b.length)), ...b]),
    })),
    fc.tuple(no, fc.uint8Array({ minLength: 4, maxLength: 4 })).map(([n, data]) => ({ no: n, wireType: 5, data })),
  );
  return fc.array(field, { minLength: 1, maxLength: o.maxElements });
}

/** Random init objects for a message type. */
export function messageInit(desc: DescMessage, options?: InitOptions): fc.Arbitrary<Record<string, unknown>> {
  const o = resolve(options);
  return new Builder(o).message(desc, o.depth);
}

/**
 * Random values for an extension (or any field), in the representation `setExtension()`
 * takes; message values are init objects. Always a value, also for message extensions.
 */
export function fieldValue(field: DescField | DescExtension, options?: InitOptions): AnyArb {
  const o = resolve(options);
  return new Builder(o).value(field, Math.max(o.depth, 1))!;
}

/** Every message type of a registry-like iterable, without map entries, sorted by name. */
export function messageTypes(types: Iterable<{ kind: string }>): DescMessage[] {
  const out: DescMessage[] = [];
  for (const t of types) {
    if (t.kind !== "message") continue;
    const m = t as DescMessage;
    if (m.proto.options?.mapEntry === true) continue;
    // Messages with [lazy = true] fields decode those fields as read-only views by design;
    // they have their own suite (src/lazy-field).
    if (m.typeName.startsWith("pbjet.test.lazy.")) continue;
    out.push(m);
  }
  return out.sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
}

/** Every extension of a registry-like iterable, sorted by name. */
export function extensionTypes(types: Iterable<{ kind: string }>): DescExtension[] {
  const out: DescExtension[] = [];
  for (const t of types) if (t.kind === "extension" && !isUnboxedWktExtension(t as DescExtension)) out.push(t as DescExtension);
  return out.sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
}

/**
 * A singular extension of a wrapper type or google.protobuf.Struct holds an unboxed value,
 * which these arbitraries do not generate: such extensions are left to the explicit cases of
 * core/extensions.test.ts (pbjet.test.proto3options).
 */
export function isUnboxedWktExtension(ext: { fieldKind: string; message?: { typeName: string } }): boolean {
  return (
    ext.fieldKind === "message" &&
    /^google\.protobuf\.((Double|Float|Int64|UInt64|Int32|UInt32|Bool|String|Bytes)Value|Struct)$/.test(ext.message!.typeName)
  );
}

export { EXPLICIT, IMPLICIT, LEGACY_REQUIRED };
