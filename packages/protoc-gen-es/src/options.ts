/**
 * The plugin options of protoc-gen-es beyond the standard ones of every ECMAScript plugin:
 * `json_types`, `valid_types` and `erasable_syntax`, as @bufbuild/protoc-gen-es 2.17.0 takes them.
 */

/** Options of protoc-gen-es beyond the standard ones. */
export interface GenEsOptions {
  /** `json_types=true`: generate JSON types (`UserJson`) and type `toJson()` with them. */
  jsonTypes: boolean;
  /**
   * `valid_types=legacy_required+protovalidate_required` (either or both): generate a Valid
   * type (`UserValid`) for every message, where required fields are not optional.
   */
  validTypes: ValidTypesOptions;
  /**
   * `erasable_syntax=true`: generate enums as `as const` objects and a union of their values,
   * exactly as protoc-gen-es does with this option.
   */
  erasableSyntax: boolean;
  /**
   * `aot=true`: for every message, generate a binary encoder and decoder, a JSON writer and a
   * JSON reader specialized to the type, attached to its schema (toBinary(), fromBinary(),
   * toJsonString(), fromJson() ... use them). `aot=binary`: the binary codecs only (a program
   * that uses no JSON then bundles no JSON code). Default false.
   */
  aot: boolean;
  /** Whether `aot` includes the JSON codecs (`aot=true`, not `aot=binary`). */
  aotJson: boolean;
}

/** Which fields the Valid types make required. */
export interface ValidTypesOptions {
  /** Fields with the proto2 label `required` or the feature `field_presence = LEGACY_REQUIRED`. */
  legacyRequired: boolean;
  /** Fields with protovalidate's rule `(buf.validate.field).required = true`. */
  protovalidateRequired: boolean;
}

/** Whether Valid types are generated. */
export function hasValidTypes(options: GenEsOptions): boolean {
  return options.validTypes.legacyRequired || options.validTypes.protovalidateRequired;
}

/**
 * Parses the options of protoc-gen-es. Like protoc-gen-es, it throws a plain Error, which the
 * plugin framework reports as `invalid option "<the plugin's options>": <message>`.
 */
export function parseGenEsOptions(rawOptions: { key: string; value: string }[]): GenEsOptions {
  const options: GenEsOptions = {
    jsonTypes: false,
    validTypes: { legacyRequired: false, protovalidateRequired: false },
    erasableSyntax: false,
    aot: false,
    aotJson: false,
  };
  for (const { key, value } of rawOptions) {
    switch (key) {
      case "json_types":
        options.jsonTypes = parseBool(value);
        break;
      case "erasable_syntax":
        options.erasableSyntax = parseBool(value);
        break;
      case "aot":
        if (value === "binary") {
          options.aot = true;
          options.aotJson = false;
        } else {
          options.aot = options.aotJson = parseBool(value);
        }
        break;
      case "valid_types":
        for (const part of value.split("+")) {
          switch (part) {
            case "legacy_required":
              options.validTypes.legacyRequired = true;
              break;
            case "protovalidate_required":
              options.validTypes.protovalidateRequired = true;
              break;
            default:
              throw new Error();
          }
        }
        break;
      default:
        throw new Error();
    }
  }
  return options;
}

function parseBool(value: string): boolean {
  switch (value) {
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
    default:
      throw new Error("please provide true or false");
  }
}
