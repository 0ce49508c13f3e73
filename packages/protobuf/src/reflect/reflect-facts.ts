/**
 * What the reflection API keeps per message type, in the type's record: the fields sorted by
 * number, and a lookup by number.
 */
import type { DescField, DescMessage } from "../descriptors/types.js";
import { typeRecord } from "../model/type-record.js";

/** @internal */
declare module "../model/type-record.js" {
  /** The slot this module fills in every type record. */
  interface RecordSlots {
    reflect: ReflectFacts;
  }
}

/** The reflection facts of one message type. */
export interface ReflectFacts {
  readonly sortedFields: readonly DescField[];
  readonly byNumber: ReadonlyMap<number, DescField>;
}

/** The reflection facts of a message type, built on first use. */
export function reflectFacts(desc: DescMessage): ReflectFacts {
  const rec = typeRecord(desc);
  return (rec.reflect ??= buildFacts(desc)) as ReflectFacts;
}

function buildFacts(desc: DescMessage): ReflectFacts {
  const sortedFields = desc.fields.slice().sort((a, b) => a.number - b.number);
  return { sortedFields, byNumber: new Map(sortedFields.map((f) => [f.number, f])) };
}
