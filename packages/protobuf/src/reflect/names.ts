/**
 * Names of elements: fully qualified names, and the snake_case that protoCamelCase() undoes.
 */
import type { AnyDesc } from "../descriptors/types.js";

/**
 * Returns the fully-qualified name of a Protobuf element, e.g. "example.User.name" for a
 * field. Enum values are scoped like their enum (in the enum's parent, not in the enum), as
 * in the Protobuf language. For a file, returns its path, e.g. "example/user.proto".
 *
 * See https://protobuf.com/docs/language-spec#fully-qualified-names
 */
export function qualifiedName(desc: AnyDesc): string {
  switch (desc.kind) {
    case "file":
      return desc.proto.name;
    case "field":
    case "oneof":
    case "rpc":
      return `${desc.parent.typeName}.${desc.name}`;
    case "enum_value": {
      const scope = desc.parent.parent !== undefined ? desc.parent.parent.typeName : desc.parent.file.proto.package;
      return scope === "" ? desc.name : `${scope}.${desc.name}`;
    }
    default:
      return desc.typeName;
  }
}

/**
 * Converts protoCamelCase to snake_case: every ASCII upper-case letter becomes "_" and its
 * lower-case form. The reverse of protoCamelCase() for names it produced from snake_case;
 * some names do not survive the round trip, e.g. "foo__bar" -> "fooBar" -> "foo_bar".
 */
export function protoSnakeCase(lowerCamelCase: string): string {
  let out = "";
  for (let i = 0; i < lowerCamelCase.length; i++) {
    const c = lowerCamelCase.charCodeAt(i);
    out += c >= 65 && c <= 90 ? `_${String.fromCharCode(c + 32)}` : lowerCamelCase[i];
  }
  return out;
}
