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

// Property names that would clash with Object.prototype or with the message's own
// `$typeName` / `$unknown` properties. A `$` is appended to them.
const reservedPropertyNames = new Set([
  "constructor",
  "toString",
  "toJSON",
  "valueOf",
  "toLocaleString",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "__proto__",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "$typeName",
  "$unknown",
]);

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
 * SCREAMING_SNAKE_CASE, e.g. "PHONE_TYPE_" for enum PhoneType. Undefined if not every
 * value has it, or if stripping it would leave an empty name or one starting with a digit.
 */
export function enumSharedPrefix(enumName: string, valueNames: readonly string[]): string | undefined {
  const prefix = screamingSnakeCase(enumName) + "_";
  for (const name of valueNames) {
    if (!name.toLowerCase().startsWith(prefix.toLowerCase())) {
      return undefined;
    }
    const rest = name.substring(prefix.length);
    if (rest.length === 0 || /^\d/.test(rest)) {
      return undefined;
    }
  }
  return prefix;
}

function screamingSnakeCase(name: string): string {
  let out = "";
  for (let i = 0; i < name.length; i++) {
    const c = name.charAt(i);
    if (i > 0 && c !== c.toLowerCase() && /[a-z0-9]/.test(name.charAt(i - 1))) {
      out += "_";
    }
    out += c;
  }
  return out.toUpperCase();
}
