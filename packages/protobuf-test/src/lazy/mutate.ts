/**
 * Random modifications of messages, for the lazy modification and write suites: one seeded
 * PRNG drives two sides (an eager message and a view, or a toMutable() copy of one) so that
 * they make the same decisions on the same structure. Every write route an ordinary message
 * takes is used: assignment, Object.assign, the reflection API, clearField, oneof switches,
 * list push/splice/pop/index set/reverse/replacement, map set/overwrite/delete/replacement,
 * new and undefined sub-messages, unknown fields, mergeFromBinary; sub-messages are modified
 * in place (on the view itself) or through copies assigned back.
 */
import * as pb from "@pbjet/protobuf";
import * as reflect from "@pbjet/protobuf/reflect";
import { hasRequired, wktBoxing } from "../differential/arbitrary";
import { contentOf, describeError, forEachMessage, isMessageValue, type Rng, type SetName } from "./util";

export type Msg = Record<string, unknown>;

/** How one side modifies a sub-message. */
export interface Side {
  /** A copy of the child that can be modified and assigned back (unless `inPlace`). */
  mutable(desc: pb.DescMessage, child: unknown): Msg;
  /** Sub-messages are modified in place (half of the time), not through copies. */
  readonly inPlace: boolean;
  /** Every message written to (or below which something was written), when tracked. */
  readonly touched?: Set<unknown>;
}

/** Views become one-level mutable copies; ordinary messages are cloned (as toMutable copies). */
export const lazyCopySide: Side = {
  inPlace: false,
  mutable: (desc, child) =>
    (pb.isLazyMessage(child) ? pb.toMutable(desc, child as pb.Message) : pb.clone(desc, child as pb.Message)) as unknown as Msg,
};
export const eagerCopySide: Side = {
  inPlace: false,
  mutable: (desc, child) => pb.clone(desc, child as pb.Message) as unknown as Msg,
};

/** Writes on the messages themselves (views or not), copies assigned back half of the time. */
export function inPlaceSide(touched?: Set<unknown>): Side {
  return { inPlace: true, touched, mutable: (desc, child) => pb.clone(desc, child as pb.Message) as unknown as Msg };
}

const MAX_DEPTH = 4;

/** An assignment, made one of three ways: `=`, Object.assign(), or (scalars) the reflection API. */
function assign(desc: pb.DescMessage, msg: Msg, field: pb.DescField | undefined, name: string, value: unknown, rng: Rng): void {
  const how = rng.int(3);
  if (how === 1) {
    Object.assign(msg, { [name]: value });
    return;
  }
  if (
    how === 2 &&
    field !== undefined &&
    field.oneof === undefined &&
    (field.fieldKind === "scalar" || field.fieldKind === "enum") &&
    value !== undefined
  ) {
    const v = field.fieldKind === "scalar" && field.longAsString ? BigInt(value as string) : value;
    reflect.reflect(desc, msg as unknown as pb.Message).set(field, v);
    return;
  }
  msg[name] = value;
}

function randomScalar(rng: Rng, type: pb.ScalarType, longAsString: boolean): unknown {
  const long = (v: bigint) => (longAsString ? v.toString() : v);
  switch (type) {
    case pb.ScalarType.DOUBLE:
      return rng.pick([0, -0, 1.5, -2.25e300, 5e-324, Infinity, NaN, rng.next() * 1e6]);
    case pb.ScalarType.FLOAT:
      return Math.fround(rng.pick([0, -0, 1.5, -3.5, Infinity, NaN, rng.next() * 1e3]));
    case pb.ScalarType.INT32:
    case pb.ScalarType.SINT32:
    case pb.ScalarType.SFIXED32:
      return rng.int(2 ** 32) - 2 ** 31;
    case pb.ScalarType.UINT32:
    case pb.ScalarType.FIXED32:
      return rng.int(2 ** 32);
    case pb.ScalarType.INT64:
    case pb.ScalarType.SINT64:
    case pb.ScalarType.SFIXED64:
      return long(BigInt(rng.int(2 ** 32) - 2 ** 31) * BigInt(rng.int(2 ** 20) + 1));
    case pb.ScalarType.UINT64:
    case pb.ScalarType.FIXED64:
      return long(BigInt(rng.int(2 ** 32)) * BigInt(rng.int(2 ** 20) + 1));
    case pb.ScalarType.BOOL:
      return rng.bool();
    case pb.ScalarType.STRING: {
      const n = rng.int(6);
      let s = "";
      for (let i = 0; i < n; i++) s += rng.pick(["a", "Z", "é", "€", "😀", "\u0000", " "]);
      return s;
    }
    case pb.ScalarType.BYTES: {
      const out = new Uint8Array(rng.int(6));
      for (let i = 0; i < out.length; i++) out[i] = rng.int(256);
      return out;
    }
  }
}

function randomEnum(rng: Rng, e: pb.DescEnum): number {
  return rng.pick(e.values).number;
}

function randomJson(rng: Rng): Record<string, unknown> {
  return { [rng.pick(["a", "b", "1"])]: rng.pick<unknown>([null, true, "s", 1.5, [1, "x"], { n: null }]) };
}

function randomMapKey(rng: Rng, type: pb.ScalarType): string {
  switch (type) {
    case pb.ScalarType.BOOL:
      return String(rng.bool());
    case pb.ScalarType.STRING:
      return rng.pick(["", "k", "key", "é", "__proto__", "0", "12"]);
    default:
      return String(randomScalar(rng, type, true));
  }
}

/** A new empty message, or undefined if the type has required fields (it could not be encoded). */
function emptyMessage(desc: pb.DescMessage): pb.Message | undefined {
  return hasRequired(desc) ? undefined : pb.create(desc);
}

export function isStruct(desc: pb.DescMessage | undefined): boolean {
  return desc?.typeName === "google.protobuf.Struct";
}

/** Makes 1-3 random modifications to a (mutable) message, recursing into sub-messages. */
export function mutate(desc: pb.DescMessage, msg: Msg, rng: Rng, side: Side, depth: number): void {
  side.touched?.add(msg);
  if (rng.bool(0.05) && side.inPlace) {
    // Merged with its own encoding (lists doubled, sub-messages merged into; only in place:
    // a toMutable() copy shares its sub-views with the view).
    if (side.touched !== undefined) forEachMessage(desc, msg, (_d, m) => side.touched!.add(m));
    let bytes: Uint8Array;
    try {
      // Of a clone: canonical on both sides (an untouched view writes its input as it came,
      // and merging equivalent encodings can differ, e.g. where a oneof occurs twice).
      bytes = pb.toBinary(desc, pb.clone(desc, msg as unknown as pb.Message));
    } catch {
      return; // a required field is not set: the same on both sides
    }
    pb.mergeFromBinary(desc, msg as unknown as pb.Message, bytes);
    return;
  }
  const ops = 1 + rng.int(3);
  for (let k = 0; k < ops && desc.members.length > 0; k++) {
    const member = rng.pick(desc.members);
    if (member.kind === "oneof") mutateOneof(member, msg, rng, side, depth);
    else mutateField(member, msg, rng, side, depth);
  }
  if (rng.bool(0.1)) {
    const unknown = (msg as unknown as pb.Message).$unknown;
    if (unknown !== undefined && unknown.length > 0 && rng.bool()) unknown.pop();
    else (msg as unknown as pb.Message).$unknown = rng.bool() ? [] : unknown?.filter((_, i) => i % 2 === 0);
  }
}

/** A sub-message modified: in place (returns it), or as a modified copy. */
function modified(desc: pb.DescMessage, child: unknown, rng: Rng, side: Side, depth: number): Msg {
  if (side.inPlace && rng.bool()) {
    mutate(desc, child as Msg, rng, side, depth + 1);
    return child as Msg;
  }
  return modifiedChild(desc, child, rng, side, depth);
}

/** Replaces a sub-message with a modified copy (a toMutable copy of a view on the lazy side). */
function modifiedChild(desc: pb.DescMessage, child: unknown, rng: Rng, side: Side, depth: number): Msg {
  const copy = side.mutable(desc, child);
  mutate(desc, copy, rng, side, depth + 1);
  return copy;
}

function mutateField(field: pb.DescField, msg: Msg, rng: Rng, side: Side, depth: number): void {
  const desc = field.parent;
  const name = field.localName;
  const deeper = depth < MAX_DEPTH;
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const r = rng.int(3);
      if (r === 2) {
        if (rng.bool()) pb.clearField(msg as unknown as pb.Message, field);
        else reflect.reflect(desc, msg as unknown as pb.Message).clear(field);
        return;
      }
      assign(
        desc,
        msg,
        field,
        name,
        field.fieldKind === "enum" ? randomEnum(rng, field.enum) : randomScalar(rng, field.scalar, field.longAsString),
        rng,
      );
      return;
    }
    case "message": {
      const boxing = wktBoxing(field);
      const v = msg[name];
      const r = rng.int(3);
      if (boxing === "wrapper") {
        assign(desc, msg, field, name, r === 0 ? undefined : randomScalar(rng, field.message.fields[0].scalar!, false), rng);
        return;
      }
      if (boxing === "struct") {
        if (r === 0) assign(desc, msg, field, name, undefined, rng);
        else if (r === 1 || v === undefined) assign(desc, msg, field, name, randomJson(rng), rng);
        // In place: the JSON of a mutable copy is mutable.
        else Object.assign(v as object, randomJson(rng));
        return;
      }
      if (v === undefined || r === 0) {
        assign(desc, msg, field, name, r === 0 ? undefined : emptyMessage(field.message), rng);
        return;
      }
      if (r === 1 && deeper) {
        const child = modified(field.message, v, rng, side, depth);
        if (child !== v) assign(desc, msg, field, name, child, rng);
      } else {
        const e = emptyMessage(field.message);
        // Through the reflection API (a ReflectMessage of the new message) or assigned.
        if (e !== undefined && rng.bool(0.3)) reflect.reflect(desc, msg as unknown as pb.Message).set(field, reflect.reflect(field.message, e));
        else assign(desc, msg, field, name, e ?? v, rng);
      }
      return;
    }
    case "list": {
      const list = msg[name] as unknown[];
      const r = rng.int(8);
      const i = rng.int(Math.max(list.length, 1));
      switch (r) {
        case 0:
          list.splice(i, 1);
          return;
        case 1:
          assign(
            desc,
            msg,
            field,
            name,
            list.filter(() => rng.bool()),
            rng,
          );
          return;
        case 2:
          list.reverse();
          return;
        case 3:
          if (list.length > 0) list.push(list[i]);
          return;
        case 4:
          if (rng.bool()) assign(desc, msg, field, name, [], rng);
          else list.pop();
          return;
      }
      if (field.listKind === "message") {
        if (isStruct(field.message)) {
          list.push(randomJson(rng));
        } else if (r === 5 && list.length > 0 && deeper) {
          const child = modified(field.message!, list[i], rng, side, depth);
          if (child !== list[i]) list[i] = child;
        } else if (r === 6 && list.length > 0) {
          list[i] = list[rng.int(list.length)];
        } else {
          const e = emptyMessage(field.message!);
          if (e !== undefined) list.splice(i, 0, e);
        }
        return;
      }
      const value = field.listKind === "enum" ? randomEnum(rng, field.enum!) : randomScalar(rng, field.scalar!, field.longAsString);
      if (r === 5 && list.length > 0) list[i] = value;
      else if (r === 6) {
        // Through the reflection API.
        const v = field.listKind === "scalar" && field.longAsString ? BigInt(value as string) : value;
        (reflect.reflect(desc, msg as unknown as pb.Message).get(field) as reflect.ReflectList).add(v);
      } else list.push(value);
      return;
    }
    case "map": {
      const map = msg[name] as Record<string, unknown>;
      const keys = Object.keys(map);
      const r = rng.int(4);
      const key = keys.length > 0 && r !== 3 ? rng.pick(keys) : randomMapKey(rng, field.mapKey);
      if (r === 0) {
        delete map[key];
        return;
      }
      if (r === 1) {
        assign(desc, msg, field, name, {}, rng);
        return;
      }
      let value: unknown;
      if (field.mapKind === "message") {
        if (isStruct(field.message)) value = randomJson(rng);
        else if (r === 2 && Object.prototype.hasOwnProperty.call(map, key) && deeper) {
          value = modified(field.message!, map[key], rng, side, depth);
          if (value === map[key]) return;
        } else value = emptyMessage(field.message!);
        if (value === undefined) return;
      } else {
        value = field.mapKind === "enum" ? randomEnum(rng, field.enum!) : randomScalar(rng, field.scalar!, false);
      }
      Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
  }
}

function mutateOneof(oneof: pb.DescOneof, msg: Msg, rng: Rng, side: Side, depth: number): void {
  const name = oneof.localName;
  const cur = msg[name] as { case: string | undefined; value?: unknown };
  const r = rng.int(3);
  const desc = oneof.parent;
  if (r === 0) {
    assign(desc, msg, undefined, name, { case: undefined }, rng);
    return;
  }
  const current = oneof.fields.find((f) => f.localName === cur.case);
  if (r === 2 && current?.message !== undefined && isMessageValue(cur.value) && depth < MAX_DEPTH) {
    const child = modified(current.message, cur.value, rng, side, depth);
    if (child !== cur.value) {
      // A new oneof object, or the value of the one the message holds changed in place.
      if (rng.bool()) assign(desc, msg, undefined, name, { case: current.localName, value: child }, rng);
      else cur.value = child;
    }
    return;
  }
  const member = rng.pick(oneof.fields);
  let value: unknown;
  switch (member.fieldKind) {
    case "message":
      value = isStruct(member.message) && member.parent.typeName !== "google.protobuf.Value" ? randomJson(rng) : emptyMessage(member.message);
      break;
    case "enum":
      value = randomEnum(rng, member.enum);
      break;
    default:
      value = randomScalar(rng, member.scalar!, (member as { longAsString?: boolean }).longAsString === true);
  }
  if (value === undefined) return;
  if (member.fieldKind !== "message" && rng.bool(0.3)) {
    // Through the reflection API (selects the case).
    const v = member.fieldKind === "scalar" && member.longAsString ? BigInt(value as string) : value;
    reflect.reflect(desc, msg as unknown as pb.Message).set(member, v);
  } else if (cur.case === member.localName && rng.bool()) {
    // The value of the oneof object the message holds, changed in place.
    cur.value = value;
  } else {
    assign(desc, msg, undefined, name, { case: member.localName, value }, rng);
  }
}

/** What toBinary() gives, decoded eagerly and walked; or the error it threw. */
export function written(set: SetName, desc: pb.DescMessage, msg: unknown, options?: Partial<pb.BinaryWriteOptions>): unknown {
  let bytes: Uint8Array;
  try {
    bytes = pb.toBinary(desc, msg as pb.Message, options);
  } catch (e) {
    return `toBinary threw ${describeError(e)}`;
  }
  return contentOf(desc, pb.fromBinary(desc, bytes), "eager", { set });
}
