/**
 * The zero message factory of a message type (plugin option `aot`): an object literal with
 * the keys and values the runtime's factory (model/zero-message.ts) gives a new message, in
 * the same order — `$typeName`, then every member in declaration order: scalars and enums
 * with implicit presence at their zero value, lists `[]`, maps `{}`, oneofs `{ case: undefined }`
 * (message fields and fields with explicit presence are absent). Types whose defaults live on a
 * prototype (explicit presence outside proto3) get none: the runtime's factory serves them.
 */
import type { DescMessage } from "@pbjet/protobuf";
import { Edition, FieldPresence, ScalarType } from "@pbjet/protobuf/reflect";
import type { GeneratedFile, Printable } from "@pbjet/protoplugin";
import { prop } from "./wire.js";

/** The body of `() => ({ ... })`, or undefined where the runtime's factory is needed. */
export function zeroLiteral(f: GeneratedFile, desc: DescMessage): Printable | undefined {
  const parts: Printable[] = [["$typeName: ", f.string(desc.typeName)]];
  for (const member of desc.members) {
    const key = prop(f, "", member.localName);
    // `.name` or `["name"]`: as an object literal key, `name` or `["name"]`.
    const k: Printable = typeof key === "string" ? key.slice(1) : key;
    if (member.kind === "oneof") {
      parts.push([k, ": { case: undefined }"]);
      continue;
    }
    switch (member.fieldKind) {
      case "list":
        parts.push([k, ": []"]);
        break;
      case "map":
        parts.push([k, ": {}"]);
        break;
      case "message":
        break;
      case "enum":
      case "scalar": {
        if (member.presence !== FieldPresence.IMPLICIT) {
          if (desc.file.edition !== Edition.EDITION_PROTO3) return undefined;
          break;
        }
        if (member.getDefaultValue() !== undefined) return undefined;
        parts.push([
          k,
          ": ",
          member.fieldKind === "enum" ? String(member.enum.values[0]?.number ?? 0) : scalarZero(f, member.scalar, member.longAsString),
        ]);
        break;
      }
    }
  }
  return ["({ ", parts.map((p, i) => (i > 0 ? [", ", p] : p)), " })"];
}

function scalarZero(f: GeneratedFile, t: ScalarType, longAsString: boolean): Printable {
  switch (t) {
    case ScalarType.BOOL:
      return "false";
    case ScalarType.STRING:
      return `""`;
    case ScalarType.BYTES:
      return "new Uint8Array(0)";
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
