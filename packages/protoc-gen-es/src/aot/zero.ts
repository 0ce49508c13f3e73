/**
 * The zero message factory of a message type (plugin option `aot`): a constructor that sets
 * the keys and values the runtime's factory (model/zero-message.ts) gives a new message, in
 * the same order — `$typeName`, then every member in declaration order: scalars and enums
 * with implicit presence at their zero value, lists `[]`, maps `{}`, oneofs `{ case: undefined }`
 * (message fields and fields with explicit presence are absent). Where fields with explicit
 * presence have defaults (proto2, editions), they live on the prototype the runtime gives the
 * type's messages, which aotBinary() sets as the constructor's prototype (the runtime's zeroPrototype()).
 */
import type { DescField, DescMessage } from "@pbjet/protobuf";
import { FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { prop } from "./wire.js";

/**
 * The statements of the constructor of zero messages (`this.$typeName = ...; this.field = ...;`),
 * or undefined where the runtime's factory is needed.
 *
 * A constructor, not an object literal: V8 tracks the objects of a literal per allocation
 * site and, once many of them survive a scavenge (as the messages of a large decode do),
 * allocates every later one in the old generation ("pretenuring") — each decode then costs
 * full garbage collections. Objects from `new` are not pretenured. Measured on the bench's
 * stress fixture (aot=true): passthrough 2,068–2,110 -> 3,602 ops/s, decode 2,773–2,985 ->
 * 5,742–9,165 ops/s.
 */
export function zeroConstructorBody(f: GeneratedFile, desc: DescMessage, emptyBytes: () => Printable): Printable[] | undefined {
  const parts: Printable[] = [["this.$typeName = ", f.string(desc.typeName), ";"]];
  for (const member of desc.members) {
    // An assignment to `__proto__` would set the prototype (no local name is `__proto__`; if one
    // were, the runtime's factory would serve the type).
    if (member.localName === "__proto__") return undefined;
    // `.name` or `["name"]`
    const k: Printable = ["this", prop(f, "", member.localName)];
    if (member.kind === "oneof") {
      parts.push([k, " = { case: undefined };"]);
      continue;
    }
    switch (member.fieldKind) {
      case "list":
        parts.push([k, " = [];"]);
        break;
      case "map":
        parts.push([k, " = {};"]);
        break;
      case "message":
        break;
      case "enum":
      case "scalar": {
        // Explicit presence: absent (proto3), or its default on the prototype (zeroPrototype()).
        if (member.presence !== FieldPresence.IMPLICIT) break;
        if (member.getDefaultValue() !== undefined) return undefined;
        parts.push([
          k,
          " = ",
          member.fieldKind === "enum" ? String(member.enum.values[0]?.number ?? 0) : scalarZero(f, member.scalar, member.longAsString, emptyBytes),
          ";",
        ]);
        break;
      }
    }
  }
  return parts;
}

function scalarZero(f: GeneratedFile, t: ScalarType, longAsString: boolean, emptyBytes: () => Printable): Printable {
  switch (t) {
    case ScalarType.BOOL:
      return "false";
    case ScalarType.STRING:
      return `""`;
    case ScalarType.BYTES:
      return emptyBytes();
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return longAsString ? `"0"` : [f.runtime.protoInt64, ".zero"];
    default:
      return "0";
  }
}

/**
 * The condition (on `v`, the value read from message `m`) that a scalar or enum field with
 * explicit presence outside proto3 is set: its property is own, since its default lives on the
 * prototype (the runtime's zeroPrototype()). A value other than the prototype's default can only be
 * own, so where the default is a literal that `!==` (64-bit: `!=`) compares exactly, the own
 * property is looked up only for values equal to it: `hasOwnProperty` costs V8 more than the
 * comparison (proto2 k8s-pods JSON encode: about 5% of the time in it).
 */
export function explicitPresenceCond(
  f: GeneratedFile,
  field: DescField & { fieldKind: "scalar" | "enum" },
  hasOwn: Printable = "Object.prototype.hasOwnProperty",
): Printable {
  const own: Printable = [hasOwn, ".call(m, ", f.string(field.localName), ")"];
  const other = otherThanDefault(f, field);
  return other === undefined ? ["v !== undefined && ", own] : ["v !== undefined && (", other, " || ", own, ")"];
}

/** `v` differs from the field's default on the prototype (model/zero-message.ts), or undefined where no literal compares exactly. */
function otherThanDefault(f: GeneratedFile, field: DescField & { fieldKind: "scalar" | "enum" }): Printable | undefined {
  if (field.fieldKind === "enum") return `v !== ${numberLiteral(field.getDefaultValue() ?? field.enum.values[0]?.number ?? 0)}`;
  const d = field.getDefaultValue();
  switch (field.scalar) {
    case ScalarType.BYTES:
      return undefined;
    case ScalarType.STRING:
      return ["v !== ", f.string(typeof d === "string" ? d : "")];
    case ScalarType.BOOL:
      return `v !== ${d === true}`;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // bigint, or string (jstype, no BigInt): 0n == 0 and "0" == 0; other defaults are looked up.
      return d === undefined || String(d) === "0" ? "v != 0" : undefined;
    default: {
      const n = typeof d === "number" ? d : 0;
      return Number.isNaN(n) ? undefined : `v !== ${numberLiteral(n)}`;
    }
  }
}

/** A number as a literal of generated code (infinities as divisions, so that no global name is read). */
function numberLiteral(n: number): string {
  if (n === Number.POSITIVE_INFINITY) return "(1 / 0)";
  if (n === Number.NEGATIVE_INFINITY) return "(-1 / 0)";
  return n < 0 ? `(${n})` : String(n);
}
