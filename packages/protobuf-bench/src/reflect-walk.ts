/**
 * The reflect op: what a validator does with the reflection API — `reflect()` a message, read
 * every field, and walk into set message fields, list items and map values. One walker body,
 * compiled once per library (a closure shared by both would carry both libraries' type
 * feedback and measure the harness).
 */

/** A ReflectMessage as both libraries define it (the parts the walk uses). */
export interface ReflectLike {
  readonly fields: readonly { fieldKind: string; listKind?: string; mapKind?: string }[];
  get(field: unknown): unknown;
  isSet(field: unknown): boolean;
}

const WALK_BODY = `
  const walk = (r) => {
    let n = 0;
    const fields = r.fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const v = r.get(f);
      if (f.fieldKind === "message") {
        if (r.isSet(f)) n += walk(v);
      } else if (f.fieldKind === "list") {
        for (const item of v) n += f.listKind === "message" ? walk(item) : 1;
      } else if (f.fieldKind === "map") {
        for (const item of v.values()) n += f.mapKind === "message" ? walk(item) : 1;
      } else {
        n++;
      }
    }
    return n;
  };
  return walk;`;

/** A fresh walker: counts the values it reads. */
export function reflectWalker(): (r: ReflectLike) => number {
  return new Function(WALK_BODY)() as (r: ReflectLike) => number;
}
