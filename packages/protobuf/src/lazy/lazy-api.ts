/**
 * The public side of lazy decoding: `toMutable()`, `materialize()` and `isLazyMessage()`.
 * Lazy views come from `fromBinary(schema, bytes, { lazy: true })`.
 */
import type { JsonValue } from "../types.js";
import type { DescMessage } from "../descriptors/types.js";
import type { Message, MessageShape } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { cloneJson } from "../model/boxing.js";
import { setOwnProperty } from "../model/map-key.js";
import { ProtobufError } from "../wire/errors.js";
import { stateOf } from "./view-state.js";
import { materializeView } from "./view-materialize.js";
import { scanView } from "./view-scan.js";

export { isLazyMessage, LazyMessageError } from "./view-state.js";

/**
 * A mutable copy of one level of a lazy view: its fields are copied into a new (eager)
 * message, while its sub-messages stay lazy views, so that untouched ones are still written
 * by copying their bytes. Other messages are returned as they are.
 */
export function toMutable<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): MessageShape<Desc> {
  const s = stateOf(message);
  if (s === undefined) return message;
  if (s.plan.desc.typeName !== schema.typeName) {
    throw new ProtobufError(`cannot convert ${s.plan.desc.typeName} with the schema of ${schema.typeName}`);
  }
  const view = message as unknown as Record<string, unknown>;
  const values = s.values ?? scanView(s);
  const out = zeroMessageFactory(schema)() as Record<string, unknown>;
  for (const member of schema.members) {
    const v = view[member.localName];
    if (member.kind === "oneof") {
      const o = v as { case: string | undefined; value?: unknown };
      if (o.case !== undefined) out[member.localName] = { case: o.case, value: unfreeze(o.value) };
      continue;
    }
    switch (member.fieldKind) {
      case "list":
        out[member.localName] = (v as unknown[]).map(unfreeze);
        break;
      case "map": {
        const map: Record<string, unknown> = {};
        for (const [k, e] of Object.entries(v as Record<string, unknown>)) setOwnProperty(map, k, unfreeze(e));
        out[member.localName] = map;
        break;
      }
      default:
        if (v === undefined) break;
        // Explicit presence: copy only what the wire had, so that presence is kept.
        if (member.fieldKind !== "message" && !isPresent(values[schema.members.indexOf(member)])) break;
        out[member.localName] = unfreeze(v);
    }
  }
  // Mutable copies of the view's (frozen) unknown field entries.
  if (s.unknown !== undefined) (out as Partial<Message>).$unknown = s.unknown.map((u) => ({ ...u }));
  return out as unknown as MessageShape<Desc>;
}

function isPresent(slotValue: unknown): boolean {
  return slotValue !== undefined;
}

/** Views and bytes stay as they are; frozen JSON (Struct) values get a mutable copy. */
function unfreeze(v: unknown): unknown {
  if (v === null || typeof v !== "object" || v instanceof Uint8Array || stateOf(v) !== undefined) return v;
  return cloneJson(v as JsonValue);
}

/**
 * Decodes a lazy view fully into an ordinary message, which holds no reference to the input
 * buffer (the view's bytes are copied first). Other messages are returned as they are.
 */
export function materialize<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): MessageShape<Desc> {
  const s = stateOf(message);
  if (s === undefined) return message;
  if (s.plan.desc.typeName !== schema.typeName) {
    throw new ProtobufError(`cannot materialize ${s.plan.desc.typeName} with the schema of ${schema.typeName}`);
  }
  return materializeView(s) as MessageShape<Desc>;
}
