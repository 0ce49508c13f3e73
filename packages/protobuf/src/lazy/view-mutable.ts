/**
 * Mutable copies of views (`toMutable()`): one level copied into an ordinary message, its
 * sub-messages kept as views (so that untouched ones are still written by copying their
 * bytes). Optional since views take writes themselves.
 */
import type { Message } from "../types.js";
import type { JsonValue } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { cloneJson } from "../model/boxing.js";
import { setOwnProperty } from "../model/map-key.js";
import { stateOf, type ViewState } from "./view-state.js";
import { scanView } from "./view-scan.js";

/** A mutable copy of one level of the view whose state is `s`. */
export function mutableCopy(s: ViewState): Record<string, unknown> {
  const view = s.view as Record<string, unknown>;
  const schema = s.plan.desc;
  const own = s.own;
  const values = own === undefined ? (s.values ?? scanView(s)) : undefined;
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
        if (member.fieldKind !== "message" && !isPresent(own, values, member.localName, schema.members.indexOf(member))) break;
        out[member.localName] = unfreeze(v);
    }
  }
  // Mutable copies of the view's (frozen) unknown field entries.
  const unknown = (view as Partial<Message>).$unknown;
  if (unknown !== undefined) (out as Partial<Message>).$unknown = unknown.map((u) => ({ ...u }));
  return out;
}

/** Whether a field with explicit presence is set: in the own storage, or on the wire. */
function isPresent(own: Record<string, unknown> | undefined, values: unknown[] | undefined, name: string, index: number): boolean {
  if (own !== undefined) return own[name] !== undefined && Object.prototype.hasOwnProperty.call(own, name);
  return values![index] !== undefined;
}

/** Messages and bytes stay as they are; JSON (Struct) values are copied. */
function unfreeze(v: unknown): unknown {
  if (
    v === null ||
    typeof v !== "object" ||
    v instanceof Uint8Array ||
    stateOf(v) !== undefined ||
    typeof (v as { $typeName?: unknown }).$typeName === "string"
  )
    return v;
  return cloneJson(v as JsonValue);
}
