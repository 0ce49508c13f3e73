/**
 * Builds linked descriptor objects (DescFile, DescMessage, ...) from a FileDescriptorProto,
 * resolving edition features for every element and type references against a registry.
 */
import type { DescEnum, DescEnumValue, DescExtension, DescField, DescFile, DescMessage, DescOneof, DescService, FieldKindShape } from "./types.js";
import type { DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto } from "./descriptor-proto.js";
import { Edition, EnumType, FieldPresence, MessageEncoding, RepeatedFieldEncoding, Utf8Validation } from "./edition.js";
import { featureDefaults, resolveFeatures, type ResolvedFeatures } from "./features.js";
import { enumSharedPrefix, fieldLocalName, protoCamelCase, safeObjectProperty } from "./names.js";
import { isPackable, NonScalarType, type ScalarType, scalarTypeName } from "./scalar.js";
import { scalarDefaultGetter } from "./default-value.js";
import { buildServices } from "./service-build.js";
import { ProtobufError } from "../wire/errors.js";

/** What the builder needs from the registry it builds into. */
export interface TypeResolver {
  /** Looks up a message or enum by fully qualified name (without leading dot). */
  resolveType(typeName: string): DescMessage | DescEnum | undefined;
  /** Registers a new message, enum, extension or service. */
  addType(desc: DescMessage | DescEnum | DescExtension | DescService): void;
}

const LABEL_REQUIRED = 2;
const LABEL_REPEATED = 3;
const JSTYPE_STRING = 1;

const hasOwn = (obj: object | undefined, key: string): boolean => obj !== undefined && Object.prototype.hasOwnProperty.call(obj, key);

/** Builds the descriptors of one file. Its dependencies must already be in the resolver. */
export function buildFile(proto: FileDescriptorProto, dependencies: DescFile[], registryResolver: TypeResolver): DescFile {
  // Map entry messages are linked, but kept out of registries (as protobuf-es does).
  const mapEntries = new Map<string, DescMessage>();
  const resolver: TypeResolver = {
    resolveType: (typeName) => mapEntries.get(typeName) ?? registryResolver.resolveType(typeName),
    addType: (desc) => {
      if (desc.kind === "message" && desc.proto.options?.mapEntry === true) mapEntries.set(desc.typeName, desc);
      else registryResolver.addType(desc);
    },
  };
  const edition = fileEdition(proto);
  const fileFeatures = resolveFeatures(featureDefaults(edition, proto.name), proto.options?.features);
  const file: DescFile = {
    kind: "file",
    name: proto.name.replace(/\.proto$/, ""),
    // featureDefaults() has rejected editions outside proto2 to 2026.
    edition: edition as number as DescFile["edition"],
    dependencies,
    enums: [],
    messages: [],
    extensions: [],
    services: [],
    deprecated: proto.options?.deprecated === true,
    proto,
    toString: () => `file ${proto.name}`,
  };
  const pkg = proto.package ? proto.package + "." : "";
  const pendingMessages: [DescMessage, ResolvedFeatures][] = [];
  const pendingExtensions: [FieldDescriptorProto, DescMessage | undefined, ResolvedFeatures][] = [];

  // Pass 1: create and register every message and enum, so that fields can refer to them.
  for (const enumProto of proto.enumType) {
    file.enums.push(newEnum(enumProto, file, undefined, pkg, fileFeatures, resolver));
  }
  const addMessage = (msgProto: DescriptorProto, parent: DescMessage | undefined, prefix: string, parentFeatures: ResolvedFeatures): DescMessage => {
    const features = resolveFeatures(parentFeatures, msgProto.options?.features);
    const typeName = prefix + msgProto.name;
    const msg: DescMessage = {
      kind: "message",
      typeName,
      name: msgProto.name,
      file,
      parent,
      fields: [],
      field: {},
      oneofs: [],
      members: [],
      nestedEnums: [],
      nestedMessages: [],
      nestedExtensions: [],
      deprecated: msgProto.options?.deprecated === true,
      proto: msgProto,
      toString: () => `message ${typeName}`,
    };
    resolver.addType(msg);
    pendingMessages.push([msg, features]);
    for (const e of msgProto.enumType) {
      msg.nestedEnums.push(newEnum(e, file, msg, typeName + ".", features, resolver));
    }
    for (const nested of msgProto.nestedType) {
      const nestedMsg = addMessage(nested, msg, typeName + ".", features);
      if (nested.options?.mapEntry !== true) {
        msg.nestedMessages.push(nestedMsg);
      }
    }
    for (const ext of msgProto.extension) {
      pendingExtensions.push([ext, msg, features]);
    }
    return msg;
  };
  for (const msgProto of proto.messageType) {
    file.messages.push(addMessage(msgProto, undefined, pkg, fileFeatures));
  }
  for (const ext of proto.extension) {
    pendingExtensions.push([ext, undefined, fileFeatures]);
  }

  // Pass 2: fields and oneofs, extensions, services.
  for (const [msg, features] of pendingMessages) {
    addFields(msg, features, edition, resolver);
  }
  for (const [extProto, parent, features] of pendingExtensions) {
    const ext = newExtension(extProto, file, parent, features, edition, resolver);
    (parent ? parent.nestedExtensions : file.extensions).push(ext);
    resolver.addType(ext);
  }
  if (proto.service.length > 0) file.services.push(...buildServices(file, pkg, resolver));
  return file;
}

function fileEdition(proto: FileDescriptorProto): Edition {
  switch (proto.syntax) {
    case "":
    case "proto2":
      return Edition.EDITION_PROTO2;
    case "proto3":
      return Edition.EDITION_PROTO3;
    case "editions":
      return proto.edition as number as Edition;
    default:
      throw new ProtobufError(`${proto.name}: unsupported syntax "${proto.syntax}"`);
  }
}

function newEnum(
  proto: EnumDescriptorProto,
  file: DescFile,
  parent: DescMessage | undefined,
  prefix: string,
  parentFeatures: ResolvedFeatures,
  resolver: TypeResolver,
): DescEnum {
  const features = resolveFeatures(parentFeatures, proto.options?.features);
  const typeName = prefix + proto.name;
  const sharedPrefix = enumSharedPrefix(
    proto.name,
    proto.value.map((v) => v.name),
  );
  const values: DescEnumValue[] = [];
  const value: Record<number, DescEnumValue> = {};
  const desc: DescEnum = {
    kind: "enum",
    typeName,
    name: proto.name,
    file,
    parent,
    open: features.enumType === EnumType.OPEN,
    sharedPrefix,
    values,
    value,
    deprecated: proto.options?.deprecated === true,
    proto,
    toString: () => `enum ${typeName}`,
  };
  for (const v of proto.value) {
    const name = v.name;
    const ev: DescEnumValue = {
      kind: "enum_value",
      name,
      localName: safeObjectProperty(sharedPrefix === undefined ? name : name.substring(sharedPrefix.length)),
      number: v.number,
      parent: desc,
      jsonName: name,
      deprecated: v.options?.deprecated === true,
      proto: v,
      toString: () => `enum value ${typeName}.${name}`,
    };
    values.push(ev);
    value[v.number] ??= ev;
  }
  resolver.addType(desc);
  return desc;
}

function addFields(msg: DescMessage, msgFeatures: ResolvedFeatures, edition: Edition, resolver: TypeResolver): void {
  const proto = msg.proto;
  // A oneof that holds only proto3 optional fields is synthetic: its field is a plain field.
  const oneofs: (DescOneof | undefined)[] = proto.oneofDecl.map((o, i) => {
    if (proto.field.every((f) => !hasOwn(f, "oneofIndex") || f.oneofIndex !== i || f.proto3Optional)) return undefined;
    const localName = fieldLocalName(o.name);
    const oneof: DescOneof = {
      kind: "oneof",
      name: o.name,
      localName,
      parent: msg,
      fields: [],
      deprecated: false,
      proto: o,
      toString: () => `oneof ${msg.typeName}.${o.name}`,
    };
    return oneof;
  });
  for (const fieldProto of proto.field) {
    const describe = () => `field ${msg.typeName}.${fieldProto.name}`;
    const inOneof = hasOwn(fieldProto, "oneofIndex") && !fieldProto.proto3Optional;
    const oneof = inOneof ? oneofs[fieldProto.oneofIndex] : undefined;
    if (inOneof && oneof === undefined) {
      throw new ProtobufError(
        `invalid FieldDescriptorProto: oneof #${fieldProto.oneofIndex} for field #${fieldProto.number} not found (${describe()})`,
      );
    }
    const oneofFeatures = oneof ? resolveFeatures(msgFeatures, oneof.proto.options?.features) : msgFeatures;
    const features = resolveFeatures(oneofFeatures, fieldProto.options?.features);
    // A oneof member is not a property of the message but the `case` of its oneof's object:
    // its name is not escaped (as in protobuf-es), e.g. `{ case: "constructor", value }`.
    const localName = oneof ? protoCamelCase(fieldProto.name) : fieldLocalName(fieldProto.name);
    const field = {
      kind: "field",
      localName,
      parent: msg,
      oneof,
      ...fieldCommon(fieldProto, features, edition, oneof !== undefined, resolver, describe),
    } as DescField;
    msg.fields.push(field);
    msg.field[localName] = field;
    if (oneof) {
      oneof.fields.push(field);
      if (oneof.fields.length === 1) {
        msg.oneofs.push(oneof);
        msg.members.push(oneof);
      }
    } else {
      msg.members.push(field);
    }
  }
}

function newExtension(
  proto: FieldDescriptorProto,
  file: DescFile,
  parent: DescMessage | undefined,
  scopeFeatures: ResolvedFeatures,
  edition: Edition,
  resolver: TypeResolver,
): DescExtension {
  const scope = parent ? parent.typeName : file.proto.package;
  const typeName = scope ? `${scope}.${proto.name}` : proto.name;
  const extendee = resolver.resolveType(proto.extendee.replace(/^\./, ""));
  if (extendee?.kind !== "message") {
    throw new ProtobufError(`invalid FieldDescriptorProto: extendee ${proto.extendee} not found`);
  }
  const features = resolveFeatures(scopeFeatures, proto.options?.features);
  const common = fieldCommon(proto, features, edition, false, resolver, () => `extension ${typeName}`);
  return {
    kind: "extension",
    typeName,
    localName: typeName,
    file,
    parent,
    extendee,
    oneof: undefined,
    ...common,
    // A singular extension always tracks presence, also in proto3 and IMPLICIT-by-default files.
    presence:
      common.fieldKind !== "list" && (common.presence as number) === FieldPresence.IMPLICIT
        ? (FieldPresence.EXPLICIT as number as PublicPresence)
        : common.presence,
    jsonName: `[${typeName}]`,
  } as DescExtension;
}

/** A field's presence as DescField types it (google.protobuf.FeatureSet.FieldPresence). */
type PublicPresence = DescField["presence"];

type FieldCommonProps = FieldKindShape & {
  name: string;
  number: number;
  jsonName: string;
  deprecated: boolean;
  presence: PublicPresence;
  proto: FieldDescriptorProto;
  lazy: boolean;
  utf8Validation: boolean;
  toString(): string;
};

function fieldCommon(
  proto: FieldDescriptorProto,
  features: ResolvedFeatures,
  edition: Edition,
  inOneof: boolean,
  resolver: TypeResolver,
  describe: () => string,
): FieldCommonProps {
  const base = {
    name: proto.name,
    number: proto.number,
    jsonName: hasOwn(proto, "jsonName") ? proto.jsonName : protoCamelCase(proto.name),
    deprecated: proto.options?.deprecated === true,
    proto,
    lazy: proto.options?.lazy === true || proto.options?.unverifiedLazy === true,
    utf8Validation: features.utf8Validation === Utf8Validation.VERIFY,
    toString: describe,
  };
  const longAsString = proto.options?.jstype === JSTYPE_STRING;
  const repeated = proto.label === LABEL_REPEATED;
  const ref = proto.typeName ? resolveRef(proto, resolver, describe) : undefined;
  const delimited =
    (proto.type as number) === NonScalarType.GROUP ||
    (edition >= Edition.EDITION_2023 && (proto.type as number) === NonScalarType.MESSAGE && features.messageEncoding === MessageEncoding.DELIMITED);

  if (repeated) {
    if (ref?.kind === "message" && ref.proto.options?.mapEntry === true) {
      const [keyProto, valueProto] = mapEntryFields(ref, describe);
      const valueRef = valueProto.typeName ? resolveRef(valueProto, resolver, describe) : undefined;
      const mapKind = valueRef === undefined ? "scalar" : valueRef.kind;
      return {
        ...base,
        presence: FieldPresence.IMPLICIT as number as PublicPresence,
        fieldKind: "map",
        mapKey: keyProto.type as number as ScalarType,
        mapKind,
        scalar: valueRef === undefined ? (valueProto.type as number as ScalarType) : undefined,
        enum: valueRef?.kind === "enum" ? valueRef : undefined,
        message: valueRef?.kind === "message" ? valueRef : undefined,
        delimitedEncoding: false,
        getDefaultValue: () => undefined,
      } as FieldCommonProps;
    }
    const listKind = ref === undefined ? "scalar" : ref.kind;
    let packed = false;
    if (ref?.kind !== "message" && (ref !== undefined || isPackable(proto.type as number as ScalarType))) {
      packed = features.repeatedFieldEncoding === RepeatedFieldEncoding.PACKED;
      if (edition <= Edition.EDITION_PROTO3 && hasOwn(proto.options, "packed")) {
        packed = proto.options!.packed;
      }
    }
    return {
      ...base,
      presence: FieldPresence.IMPLICIT as number as PublicPresence,
      fieldKind: "list",
      listKind,
      scalar: ref === undefined ? (proto.type as number as ScalarType) : undefined,
      enum: ref?.kind === "enum" ? ref : undefined,
      message: ref?.kind === "message" ? ref : undefined,
      packed,
      // Every list field object has both, as in protobuf-es (its types declare each for one listKind).
      longAsString,
      delimitedEncoding: delimited,
      getDefaultValue: () => undefined,
    } as unknown as FieldCommonProps;
  }

  let presence = features.fieldPresence;
  if (inOneof || proto.proto3Optional) {
    presence = FieldPresence.EXPLICIT;
  } else if (edition <= Edition.EDITION_PROTO3 && proto.label === LABEL_REQUIRED) {
    presence = FieldPresence.LEGACY_REQUIRED;
  } else if (ref?.kind === "message" && presence === FieldPresence.IMPLICIT) {
    presence = FieldPresence.EXPLICIT;
  }
  if (ref?.kind === "message") {
    return {
      ...base,
      presence: presence as number as PublicPresence,
      fieldKind: "message",
      scalar: undefined,
      enum: undefined,
      message: ref,
      delimitedEncoding: delimited,
      getDefaultValue: () => undefined,
    } as FieldCommonProps;
  }
  const hasDefault = hasOwn(proto, "defaultValue");
  if (ref?.kind === "enum") {
    const enumDesc = ref;
    let defaultValue: number | undefined;
    if (hasDefault) {
      // A value name (as parseTextFormatEnumValue() reads it).
      defaultValue = enumDesc.values.find((v) => v.name === proto.defaultValue)?.number;
      if (defaultValue === undefined) throw new ProtobufError(`${describe()}: invalid default value "${proto.defaultValue}"`);
    }
    return {
      ...base,
      presence: presence as number as PublicPresence,
      fieldKind: "enum",
      scalar: undefined,
      enum: enumDesc,
      message: undefined,
      getDefaultValue: () => defaultValue,
    } as FieldCommonProps;
  }
  const scalar = proto.type as number as ScalarType;
  if (scalarTypeName(scalar) === undefined) {
    throw new ProtobufError(`${describe()}: invalid field type ${proto.type}`);
  }
  return {
    ...base,
    presence: presence as number as PublicPresence,
    fieldKind: "scalar",
    scalar,
    longAsString,
    enum: undefined,
    message: undefined,
    getDefaultValue: hasDefault ? scalarDefaultGetter(scalar, proto.defaultValue, longAsString) : () => undefined,
  } as FieldCommonProps;
}

function resolveRef(proto: FieldDescriptorProto, resolver: TypeResolver, describe: () => string): DescMessage | DescEnum {
  const ref = resolver.resolveType(proto.typeName.replace(/^\./, ""));
  // Not found, or of the other kind (an enum for a message field, ...): as protobuf-es words both.
  if (ref === undefined || (ref.kind === "enum") !== ((proto.type as number) === NonScalarType.ENUM)) {
    throw new ProtobufError(`invalid FieldDescriptorProto: type_name ${proto.typeName} not found (${describe()})`);
  }
  return ref;
}

function mapEntryFields(entry: DescMessage, describe: () => string): [FieldDescriptorProto, FieldDescriptorProto] {
  const key = entry.proto.field.find((f) => f.number === 1);
  const value = entry.proto.field.find((f) => f.number === 2);
  if (!key || !value) {
    throw new ProtobufError(`${describe()}: invalid map entry ${entry.typeName}`);
  }
  return [key, value];
}
