/**
 * Naming rules: JSON names, property names that are safe on plain objects, and the
 * shared prefix of enum value names.
 */

/**
 * lowerCamelCase as protoc computes a field's default JSON name: underscores are dropped
 * and the letter after one is upper-cased.
 */
export function protoCamelCase(name: string): string {
  let out = "";
  let upperNext = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charAt(i);
    if (c === "_") {
      upperNext = true;
    } else if (upperNext) {
      out += c.toUpperCase();
      upperNext = false;
    } else {
      out += c;
    }
  }
  return out;
}

// Property names that are reserved for ECMAScript built-in object properties. A `$` is
// appended to them. The set is exactly protobuf-es v2's (`reservedObjectProperties`), so that
// local names, and with them message shapes, match @bufbuild/protobuf's: a field named
// `has_own_property` is `hasOwnProperty` there, and must be here too. (`__proto__`,
// `$typeName` and `$unknown` cannot result from protoCamelCase of a valid proto name.)
const reservedPropertyNames = new Set(["constructor", "toString", "toJSON", "valueOf"]);

/** Escapes a property name that would clash with built-in object properties by appending `$`. */
export function safeObjectProperty(name: string): string {
  return reservedPropertyNames.has(name) ? name + "$" : name;
}

/** The property name of a field or oneof in a message object. */
export function fieldLocalName(protoName: string): string {
  return safeObjectProperty(protoCamelCase(protoName));
}

/**
 * The prefix that every value of an enum shares and that matches the enum's name in
 * snake_case, e.g. "phone_type_" for enum PhoneType (values PHONE_TYPE_*), compared
 * case-insensitively. Undefined if not every value has it, or if stripping it would leave an
 * empty name or one starting with a digit. Same algorithm and (lower-case) result as
 * protobuf-es v2's `DescEnum.sharedPrefix`, since value local names derive from it.
 */
export function enumSharedPrefix(enumName: string, valueNames: readonly string[]): string | undefined {
  const prefix = camelToSnakeCase(enumName) + "_";
  for (const name of valueNames) {
    if (!name.toLowerCase().startsWith(prefix)) {
      return undefined;
    }
    const rest = name.substring(prefix.length);
    if (rest.length === 0 || /^\d/.test(rest)) {
      return undefined;
    }
  }
  return prefix;
}

/** "PhoneType" -> "phone_type": an underscore before every upper-case letter but the first. */
function camelToSnakeCase(name: string): string {
  return (name.substring(0, 1) + name.substring(1).replace(/[A-Z]/g, (c) => "_" + c)).toLowerCase();
}
