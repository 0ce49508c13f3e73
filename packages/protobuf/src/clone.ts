/**
 * `clone()`: deep copies of messages.
 */
import type { JsonValue } from "./types.js";
import type { DescField, DescMessage } from "./descriptors/types.js";
import type { Message, MessageShape } from "./types.js";
import { zeroMessageFactory } from "./model/zero-message.js";
import { setOwnProperty } from "./model/map-key.js";
import { fieldIsSet } from "./model/presence.js";
import { typeRecord } from "./model/type-record.js";
import { eagerForm } from "./model/view-protocol.js";
import { FieldPresence } from "./descriptors/edition.js";
import { cloneJson } from "./model/boxing.js";
import { Boxing, elementBoxing, fieldBoxing } from "./model/boxing-kind.js";

/** Creates a deep copy of a message, including its unknown fields and extensions. */
export function clone<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): MessageShape<Desc> {
  return cloneMessage(schema, message as unknown as Record<string, unknown>) as unknown as MessageShape<Desc>;
}

function cloneMessage(schema: DescMessage, src: Record<string, unknown>): Record<string, unknown> {
  // A clone of a lazy view is an ordinary (eager) message.
  src = eagerForm(typeRecord(schema), src);
  const dst = zeroMessageFactory(schema)() as Record<string, unknown>;
  for (const member of schema.members) {
    if (member.kind === "oneof") {
      const o = src[member.localName] as { case?: string; value?: unknown };
      if (o.case !== undefined) {
        const field = member.fields.find((f) => f.localName === o.case)!;
        dst[member.localName] = { case: o.case, value: cloneSingular(field, o.value) };
      }
      continue;
    }
    const field = member;
    const v = src[field.localName];
    switch (field.fieldKind) {
      case "list":
        dst[field.localName] = (v as unknown[]).map((e) => cloneElement(field.listKind, field.message, e, elementBoxing(field) === Boxing.Struct));
        break;
      case "map": {
        const out: Record<string, unknown> = {};
        for (const [k, e] of Object.entries(v as Record<string, unknown>)) {
          setOwnProperty(out, k, cloneElement(field.mapKind, field.message, e, elementBoxing(field) === Boxing.Struct));
        }
        dst[field.localName] = out;
        break;
      }
      case "message":
        if (v !== undefined) dst[field.localName] = cloneSingular(field, v);
        break;
      default:
        if ((field.presence as number) === FieldPresence.IMPLICIT || fieldIsSet(src, field)) {
          dst[field.localName] = cloneScalar(v);
        }
    }
  }
  const unknown = (src as Partial<Message>).$unknown;
  if (unknown !== undefined) {
    (dst as Partial<Message>).$unknown = unknown.map((u) => ({ no: u.no, wireType: u.wireType, data: u.data.slice() }));
  }
  return dst;
}

function cloneSingular(field: DescField, v: unknown): unknown {
  if (field.fieldKind !== "message") return cloneScalar(v);
  switch (fieldBoxing(field)) {
    case Boxing.Wrapper:
      return cloneScalar(v);
    case Boxing.Struct:
      return cloneJson(v as JsonValue);
    default:
      return cloneMessage(field.message, v as Record<string, unknown>);
  }
}

function cloneElement(kind: "scalar" | "enum" | "message", message: DescMessage | undefined, v: unknown, struct: boolean): unknown {
  if (struct) return cloneJson(v as JsonValue);
  return kind === "message" ? cloneMessage(message!, v as Record<string, unknown>) : cloneScalar(v);
}

function cloneScalar(v: unknown): unknown {
  return v instanceof Uint8Array ? v.slice() : v;
}
