/**
 * Valid types (`valid_types`): which messages get a Valid type of their own, and which fields of
 * it are required, from the proto2 label `required`, the feature `field_presence =
 * LEGACY_REQUIRED`, and protovalidate's rules `required` and `ignore`.
 */
import { create, createFileRegistry, getExtension, hasExtension, type DescExtension, type DescField, type DescMessage } from "@pbjet/protobuf";
import { FieldPresence } from "@pbjet/protobuf/reflect";
import { wktPublicImportPaths } from "@pbjet/protobuf/codegenv2";
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
  file_google_protobuf_descriptor,
  type FieldOptions,
} from "@pbjet/protobuf/wkt";
import type { ValidTypesOptions } from "./options.js";

/** The rules of protovalidate a Valid type depends on: `buf.validate.FieldRules` in part. */
interface FieldRules {
  required: boolean;
  ignore: number;
  type: { case: "repeated"; value: { items?: FieldRules } } | { case: "map"; value: { values?: FieldRules } } | { case: undefined };
}

/** `buf.validate.Ignore.IGNORE_ALWAYS`. */
const IGNORE_ALWAYS = 3;

let fieldRulesExtension: DescExtension | undefined;

/**
 * The extension `buf.validate.field`, from a small copy of protovalidate's validate.proto with
 * the same names and field numbers: the generator reads the rules from the field options'
 * unknown fields with it, so it needs no copy of protovalidate.
 */
function fieldRulesExt(): DescExtension {
  if (fieldRulesExtension !== undefined) return fieldRulesExtension;
  const LABEL_OPTIONAL = FieldDescriptorProto_Label.OPTIONAL;
  const TYPE_BOOL = FieldDescriptorProto_Type.BOOL;
  const TYPE_MESSAGE = FieldDescriptorProto_Type.MESSAGE;
  const TYPE_ENUM = FieldDescriptorProto_Type.ENUM;
  const field = (name: string, number: number, type: FieldDescriptorProto_Type, typeName?: string, oneofIndex?: number) => ({
    name,
    number,
    label: LABEL_OPTIONAL,
    type,
    jsonName: name,
    ...(typeName !== undefined ? { typeName } : {}),
    ...(oneofIndex !== undefined ? { oneofIndex } : {}),
  });
  const proto = create(FileDescriptorProtoSchema, {
    name: "buf/validate/validate.proto",
    package: "buf.validate",
    dependency: ["google/protobuf/descriptor.proto"],
    syntax: "proto2",
    messageType: [
      {
        name: "FieldRules",
        field: [
          field("required", 25, TYPE_BOOL),
          field("ignore", 27, TYPE_ENUM, ".buf.validate.Ignore"),
          field("repeated", 18, TYPE_MESSAGE, ".buf.validate.RepeatedRules", 0),
          field("map", 19, TYPE_MESSAGE, ".buf.validate.MapRules", 0),
        ],
        oneofDecl: [{ name: "type" }],
      },
      { name: "RepeatedRules", field: [field("items", 4, TYPE_MESSAGE, ".buf.validate.FieldRules")] },
      { name: "MapRules", field: [field("values", 5, TYPE_MESSAGE, ".buf.validate.FieldRules")] },
    ],
    enumType: [
      {
        name: "Ignore",
        value: [
          { name: "IGNORE_UNSPECIFIED", number: 0 },
          { name: "IGNORE_IF_ZERO_VALUE", number: 1 },
          { name: "IGNORE_ALWAYS", number: 3 },
        ],
      },
    ],
    extension: [{ ...field("field", 1159, TYPE_MESSAGE, ".buf.validate.FieldRules"), extendee: ".google.protobuf.FieldOptions" }],
  });
  const registry = createFileRegistry(proto, (name) =>
    name === "google/protobuf/descriptor.proto" ? file_google_protobuf_descriptor.proto : undefined,
  );
  fieldRulesExtension = registry.getExtension("buf.validate.field")!;
  return fieldRulesExtension;
}

/** The protovalidate rules of a field, if it has any. */
function fieldRules(field: DescField): FieldRules | undefined {
  const options = field.proto.options as FieldOptions | undefined;
  if (options === undefined) return undefined;
  const ext = fieldRulesExt();
  if (!hasExtension(options, ext)) return undefined;
  return getExtension(options, ext) as unknown as FieldRules;
}

/**
 * Whether protovalidate does not validate the message (or messages) of a message field: the
 * field's rules have `ignore = IGNORE_ALWAYS`, or those of the items of a list or the values of
 * a map have it. Such a field keeps the message type, not the Valid type.
 */
export function isProtovalidateDisabled(field: DescField): boolean {
  if (field.message === undefined) return false;
  const rules = fieldRules(field);
  if (rules === undefined) return false;
  if (rules.ignore === IGNORE_ALWAYS) return true;
  if (field.fieldKind === "list" && rules.type.case === "repeated") return rules.type.value.items?.ignore === IGNORE_ALWAYS;
  if (field.fieldKind === "map" && rules.type.case === "map") return rules.type.value.values?.ignore === IGNORE_ALWAYS;
  return false;
}

/** Whether a field has protovalidate's rule `required` (and is not ignored always). */
export function isProtovalidateRequired(field: DescField): boolean {
  const rules = fieldRules(field);
  return rules?.required === true && rules.ignore !== IGNORE_ALWAYS;
}

/** Whether a singular message field is required by its label or its `field_presence` feature. */
export function isLegacyRequired(field: DescField): boolean {
  return field.fieldKind === "message" && field.presence === FieldPresence.LEGACY_REQUIRED;
}

/** Whether messages of a file of the well-known types: their Valid types are the message types. */
export function isWktMessage(message: DescMessage): boolean {
  return wktPublicImportPaths[message.file.proto.name] !== undefined;
}

/** Whether a field is required in the Valid type: not an optional property there. */
export function isValidTypeRequired(field: DescField, options: ValidTypesOptions): boolean {
  return (options.legacyRequired && isLegacyRequired(field)) || (options.protovalidateRequired && isProtovalidateRequired(field));
}

/** Whether a message field's value is typed with the Valid type of its message. */
export function usesValidType(field: DescField): boolean {
  return field.message !== undefined && !isWktMessage(field.message) && !isProtovalidateDisabled(field);
}

type Requirement = "legacy" | "protovalidate";

const needsCache: Record<Requirement, WeakMap<DescMessage, boolean>> = { legacy: new WeakMap(), protovalidate: new WeakMap() };

/**
 * Whether a message needs a Valid type of its own (else its Valid type is an alias of the
 * message type), for legacy required fields (if asked for) or for protovalidate's rules (if
 * asked for):
 * - legacy: a singular message field is required by its label or feature, or a message field
 *   (singular, list, map, oneof member) holds a message that needs one for legacy fields;
 * - protovalidate: a field of any kind has the rule `required`, or a message field whose rules
 *   are not ignored holds a message that needs one for protovalidate's rules.
 */
export function messageNeedsCustomValidType(message: DescMessage, options: ValidTypesOptions): boolean {
  return (options.legacyRequired && needs(message, "legacy")) || (options.protovalidateRequired && needs(message, "protovalidate"));
}

function needs(message: DescMessage, requirement: Requirement): boolean {
  const cache = needsCache[requirement];
  const visiting = new Set<DescMessage>();
  const visit = (m: DescMessage): boolean => {
    const known = cache.get(m);
    if (known !== undefined) return known;
    if (visiting.has(m)) return false;
    visiting.add(m);
    let result = false;
    for (const field of m.fields) {
      if (requirement === "legacy" ? isLegacyRequired(field) : isProtovalidateRequired(field)) result = true;
      else if (
        field.message !== undefined &&
        !isWktMessage(field.message) &&
        !(requirement === "protovalidate" && isProtovalidateDisabled(field)) &&
        visit(field.message)
      )
        result = true;
      if (result) break;
    }
    visiting.delete(m);
    // A "false" found while a message on the stack was cut short may be wrong for the messages
    // still on the stack; only definite answers are cached.
    if (result || visiting.size === 0) cache.set(m, result);
    return result;
  };
  return visit(message);
}
