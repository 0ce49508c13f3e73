/**
 * Zero messages: a new message with every field at its default. Built from a per-schema
 * template so that creating a message is an object clone plus fresh lists, maps and oneofs.
 *
 * As in protobuf-es v2, fields with explicit presence (proto2, editions) read their default
 * value from the message's prototype until set; proto3 messages are plain objects.
 */
import type { DescMessage } from "../descriptors/types.js";
import { Edition, FieldPresence } from "../descriptors/edition.js";
import type { Message } from "../types.js";
import { typeRecord } from "./type-record.js";
import { scalarZeroValue } from "./scalar-values.js";

/** @internal */
declare module "./type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    zero: ZeroMessageFactory;
  }
}

const enum Mutable {
  None,
  List,
  Map,
  Oneof,
}

/** Creates a new message with every field at its default value. */
export type ZeroMessageFactory = () => Message & Record<string, unknown>;

/** The zero message factory of a message type, compiled on first use. */
export function zeroMessageFactory(desc: DescMessage): ZeroMessageFactory {
  const rec = typeRecord(desc);
  return (rec.zero ??= buildFactory(desc)) as ZeroMessageFactory;
}

function buildFactory(desc: DescMessage): ZeroMessageFactory {
  // The fields set on each new message, in declaration order: name, kind and (Mutable.None) value.
  const keys: string[] = [];
  const kinds: Mutable[] = [];
  const consts: unknown[] = [];
  const add = (name: string, kind: Mutable, value?: unknown): void => {
    keys.push(name);
    kinds.push(kind);
    consts.push(value);
  };
  const defaults: Record<string, unknown> = {};
  let usePrototype = false;
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      add(member.localName, Mutable.Oneof);
      continue;
    }
    const field = member;
    switch (field.fieldKind) {
      case "list":
        add(field.localName, Mutable.List);
        break;
      case "map":
        add(field.localName, Mutable.Map);
        break;
      case "message":
        break;
      case "scalar":
      case "enum": {
        const zero =
          field.fieldKind === "enum"
            ? (field.getDefaultValue() ?? field.enum.values[0]?.number ?? 0)
            : (field.getDefaultValue() ?? scalarZeroValue(field.scalar, field.longAsString));
        if ((field.presence as number) === FieldPresence.IMPLICIT) add(field.localName, Mutable.None, zero);
        else usePrototype = true;
        // Explicit presence (proto2, editions): the default lives on the prototype until a value
        // is set. As in protobuf-es, the prototype has the zero values of implicit fields too.
        defaults[field.localName] = zero;
        break;
      }
    }
  }
  // Each message type gets a constructor of its own: V8 keeps an initial object layout per
  // constructor function, so that zero messages of different types do not share (and
  // overload) one layout. Properties are then assigned in declaration order. The constructor's
  // prototype is Object.prototype (or, for explicit presence, the object with the defaults),
  // so messages are still plain objects. Measured with 30 message types in rotation: about
  // 210 ns per message, against 400 ns for assignments to `{}` and 1400 ns for
  // `{ ...template }` or Object.assign (whose fast paths do not survive many types).
  const typeName = desc.typeName;
  const n = keys.length;
  const Ctor = function (this: Record<string, unknown>) {} as unknown as new () => Record<string, unknown>;
  // Not frozen: a read-only inherited property would make assignments to the field throw.
  // One prototype per type, shared with generated code's constructors (zeroPrototype()).
  let proto = prototypes.get(desc);
  if (proto === undefined) {
    prototypes.set(desc, (proto = usePrototype && (desc.file.edition as number) !== Edition.EDITION_PROTO3 ? defaults : Object.prototype));
  }
  Ctor.prototype = proto;
  return () => {
    const m = new Ctor();
    m.$typeName = typeName;
    for (let i = 0; i < n; i++) m[keys[i]] = kinds[i] === Mutable.None ? consts[i] : newMutable(kinds[i]);
    return m as Message & Record<string, unknown>;
  };
}

const prototypes = new WeakMap<DescMessage, object>();

/**
 * The prototype of the type's zero messages: Object.prototype, or (proto2, editions types with
 * scalar or enum fields with explicit presence) an object with the defaults of the scalar and
 * enum fields (not oneof members), read from there until a value is set. One per type, shared by the runtime's factory and generated code's.
 */
export function zeroPrototype(desc: DescMessage): object {
  return prototypes.get(desc) ?? (buildFactory(desc), prototypes.get(desc)!);
}

/**
 * The lists and maps of zero messages, for every type, are made here — by one literal each,
 * they would share one allocation site. V8 decides per site whether to allocate in the old
 * generation (pretenuring): once a program keeps enough messages of any type (a cache, a
 * benchmark's inputs), every list and map of every message decoded afterwards would be old, and
 * the young values put in them would survive each scavenge (perf.ts fromBinary perf-payload.bin
 * after perf.ts's verification: 29,000-33,000 ops/s instead of about 100,000). A slice of an
 * empty list that has held an object (so that any value goes in without a transition), and an
 * object made by a constructor whose prototype is Object.prototype, are the same plain lists
 * and objects, made without a site. (A oneof's zero object is replaced, not filled, when the
 * oneof is set.)
 */
const emptyValues: unknown[] = [{}].slice(1);
function EmptyMap() {}
EmptyMap.prototype = Object.prototype;

/** A new list, map or oneof object. */
function newMutable(kind: Mutable): unknown {
  switch (kind) {
    case Mutable.List:
      return emptyValues.slice();
    case Mutable.Map:
      return new (EmptyMap as unknown as new () => object)();
    default:
      return { case: undefined };
  }
}
