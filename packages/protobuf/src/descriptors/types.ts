/**
 * Descriptor objects: the resolved, linked view of .proto definitions that every codec,
 * the registry and generated code work with. Shapes follow protobuf-es v2's `Desc*` types.
 */
import type { ScalarType, ScalarValue } from "./scalar.js";
import type { SupportedEdition } from "./edition.js";
import type {
  DescriptorProto,
  EnumDescriptorProto,
  EnumValueDescriptorProto,
  FieldDescriptorProto,
  FileDescriptorProto,
  MethodDescriptorProto,
  MethodOptions_IdempotencyLevel,
  FeatureSet_FieldPresence,
  OneofDescriptorProto,
  ServiceDescriptorProto,
} from "./descriptor-proto.js";

/**
 * The resolved presence of a field: EXPLICIT (1), IMPLICIT (2) or LEGACY_REQUIRED (3), typed
 * as google.protobuf.FeatureSet.FieldPresence (protobuf-es's SupportedFieldPresence).
 */
type SupportedFieldPresence = Extract<FeatureSet_FieldPresence, 1 | 2 | 3>;

/** Any descriptor. */
export type AnyDesc = DescFile | DescMessage | DescField | DescExtension | DescOneof | DescEnum | DescEnumValue | DescService | DescMethod;

/** A .proto file. */
export interface DescFile {
  readonly kind: "file";
  /** The file name without the `.proto` suffix, e.g. "google/protobuf/any". */
  readonly name: string;
  /** The edition of the file; proto2 and proto3 are EDITION_PROTO2 and EDITION_PROTO3. */
  readonly edition: SupportedEdition;
  /** The files this file imports. */
  readonly dependencies: DescFile[];
  /** Top-level enums. */
  readonly enums: DescEnum[];
  /** Top-level messages (map entry messages excluded). */
  readonly messages: DescMessage[];
  /** Top-level extensions. */
  readonly extensions: DescExtension[];
  /** Services. */
  readonly services: DescService[];
  /** Marked with the option `deprecated = true`. */
  readonly deprecated: boolean;
  /** The descriptor message this was built from. */
  readonly proto: FileDescriptorProto;
  toString(): string;
}

/** A message type. */
export interface DescMessage {
  readonly kind: "message";
  /** Fully qualified name, e.g. "example.User". */
  readonly typeName: string;
  /** The short name, e.g. "User". */
  readonly name: string;
  readonly file: DescFile;
  /** The message this one is nested in, if any. */
  readonly parent: DescMessage | undefined;
  /** Fields in declaration order. */
  readonly fields: DescField[];
  /** Fields by their local (property) name. */
  readonly field: Record<string, DescField>;
  /** Oneof groups (synthetic oneofs of proto3 optional fields excluded). */
  readonly oneofs: DescOneof[];
  /** Fields that are not in a oneof, and oneof groups, in declaration order. */
  readonly members: (DescField | DescOneof)[];
  readonly nestedEnums: DescEnum[];
  readonly nestedMessages: DescMessage[];
  readonly nestedExtensions: DescExtension[];
  readonly deprecated: boolean;
  readonly proto: DescriptorProto;
  toString(): string;
}

/** A oneof group. */
export interface DescOneof {
  readonly kind: "oneof";
  readonly name: string;
  /** The property name in a message. */
  readonly localName: string;
  readonly parent: DescMessage;
  readonly fields: DescField[];
  readonly deprecated: boolean;
  readonly proto: OneofDescriptorProto;
  toString(): string;
}

/** An enum type. */
export interface DescEnum {
  readonly kind: "enum";
  readonly typeName: string;
  readonly name: string;
  readonly file: DescFile;
  readonly parent: DescMessage | undefined;
  /** Open enums accept unknown values; closed enums route them to unknown fields. */
  readonly open: boolean;
  /** The prefix shared by every value name that matches the enum name, lower-cased, e.g. "phone_type_". */
  readonly sharedPrefix?: string;
  readonly values: DescEnumValue[];
  /** Values by number (the first value for aliases). */
  readonly value: Record<number, DescEnumValue>;
  readonly deprecated: boolean;
  readonly proto: EnumDescriptorProto;
  toString(): string;
}

/** An enum value. */
export interface DescEnumValue {
  readonly kind: "enum_value";
  readonly name: string;
  /** The name in generated TypeScript enums, without the shared prefix. */
  readonly localName: string;
  readonly number: number;
  readonly parent: DescEnum;
  /** The name in JSON: the value's name. */
  readonly jsonName: string;
  readonly deprecated: boolean;
  readonly proto: EnumValueDescriptorProto;
  toString(): string;
}

/** A service. */
export interface DescService {
  readonly kind: "service";
  readonly typeName: string;
  readonly name: string;
  readonly file: DescFile;
  readonly methods: DescMethod[];
  /** Methods by local name. */
  readonly method: Record<string, DescMethod>;
  readonly deprecated: boolean;
  readonly proto: ServiceDescriptorProto;
  toString(): string;
}

/** An RPC method. */
export interface DescMethod {
  readonly kind: "rpc";
  readonly name: string;
  readonly localName: string;
  readonly parent: DescService;
  readonly methodKind: "unary" | "server_streaming" | "client_streaming" | "bidi_streaming";
  readonly input: DescMessage;
  readonly output: DescMessage;
  /** google.protobuf.MethodOptions.IdempotencyLevel */
  /** The idempotency level declared in the source (option idempotency_level), else IDEMPOTENCY_UNKNOWN (0). */
  readonly idempotency: MethodOptions_IdempotencyLevel;
  readonly deprecated: boolean;
  readonly proto: MethodDescriptorProto;
  toString(): string;
}

/** A method descriptor whose method kind, request type and response type are known (as Connect expects them). */
type DescMethodTyped<K extends DescMethod["methodKind"], I extends DescMessage, O extends DescMessage> = Omit<
  DescMethod,
  "methodKind" | "input" | "output"
> & {
  readonly methodKind: K;
  /** The request message type. */
  readonly input: I;
  /** The response message type. */
  readonly output: O;
};

/** A unary RPC: one request, one response. */
export type DescMethodUnary<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> = DescMethodTyped<"unary", I, O>;

/** A server-streaming RPC: one request, a stream of responses. */
export type DescMethodServerStreaming<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> = DescMethodTyped<
  "server_streaming",
  I,
  O
>;

/** A client-streaming RPC: a stream of requests, one response. */
export type DescMethodClientStreaming<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> = DescMethodTyped<
  "client_streaming",
  I,
  O
>;

/** A bidirectional streaming RPC: streams of requests and responses. */
export type DescMethodBiDiStreaming<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> = DescMethodTyped<
  "bidi_streaming",
  I,
  O
>;

/** Any streaming RPC: client, server or bidirectional streaming. */
export type DescMethodStreaming<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> =
  | DescMethodClientStreaming<I, O>
  | DescMethodServerStreaming<I, O>
  | DescMethodBiDiStreaming<I, O>;

interface FieldCommon {
  readonly name: string;
  readonly number: number;
  /** The JSON name: `json_name` if set, else lowerCamelCase of the name. */
  readonly jsonName: string;
  readonly deprecated: boolean;
  /** The resolved presence: EXPLICIT, IMPLICIT or LEGACY_REQUIRED. */
  readonly presence: SupportedFieldPresence;
  readonly proto: FieldDescriptorProto;
  /** The field option `lazy` or `unverified_lazy` is set. */
  readonly lazy: boolean;
  /** Strings must be valid UTF-8: the resolved feature utf8_validation is VERIFY (proto3, editions), not NONE (proto2). */
  readonly utf8Validation: boolean;
  toString(): string;
}

interface MessageFieldCommon extends FieldCommon {
  readonly kind: "field";
  /** The property name in a message (or the oneof case name). */
  readonly localName: string;
  readonly parent: DescMessage;
  /** The oneof this field belongs to (not set for proto3 optional fields). */
  readonly oneof: DescOneof | undefined;
}

interface ExtensionCommon extends FieldCommon {
  readonly kind: "extension";
  /** Fully qualified name of the extension. */
  readonly typeName: string;
  /** Same as typeName; extensions have no property of their own. */
  readonly localName: string;
  readonly file: DescFile;
  /** The message the extension is declared in, if any. */
  readonly parent: DescMessage | undefined;
  /** The message the extension extends. */
  readonly extendee: DescMessage;
  readonly oneof: undefined;
}

/** Kinds of field value: the shape-specific part of a field or extension. */
export type FieldKindShape =
  | ScalarFieldShape
  | {
      readonly fieldKind: "enum";
      readonly scalar: undefined;
      readonly message: undefined;
      readonly enum: DescEnum;
      /** The declared default value, if any. */
      getDefaultValue(): number | undefined;
    }
  | {
      readonly fieldKind: "message";
      readonly scalar: undefined;
      readonly message: DescMessage;
      readonly enum: undefined;
      /** Encoded as a group (proto2 groups, editions `message_encoding = DELIMITED`). */
      readonly delimitedEncoding: boolean;
      getDefaultValue(): undefined;
    }
  | ({
      readonly fieldKind: "list";
      /** Written packed. */
      readonly packed: boolean;
      /** Lists are never members of a oneof. */
      readonly oneof: undefined;
      getDefaultValue(): undefined;
    } & ListElementShape)
  | MapFieldShape;

/**
 * A map field of one key type per member of the union, so that a switch over `field.mapKey`
 * narrows the field (as in protobuf-es).
 */
type MapFieldShape<K extends MapKeyType = MapKeyType> = K extends MapKeyType
  ? {
      readonly fieldKind: "map";
      /** The key type: an integer type, bool or string. */
      readonly mapKey: K;
      /** Map entries are always length-delimited. */
      readonly delimitedEncoding: false;
      /** Maps are never members of a oneof. */
      readonly oneof: undefined;
      getDefaultValue(): undefined;
    } & ElementKindShape<"mapKind">
  : never;

/**
 * A scalar field of one scalar type per member of the union, so that `field.scalar ===
 * ScalarType.BOOL` narrows getDefaultValue() to boolean (as in protobuf-es).
 */
type ScalarFieldShape<T extends ScalarType = ScalarType> = T extends ScalarType
  ? {
      readonly fieldKind: "scalar";
      readonly scalar: T;
      /** 64-bit values are strings (`jstype = JS_STRING`). */
      readonly longAsString: boolean;
      readonly message: undefined;
      readonly enum: undefined;
      /** The proto2 default value, if declared. */
      getDefaultValue(): ScalarValue<T> | undefined;
    }
  : never;

/** The scalar types a map key may have (not float, double or bytes). */
type MapKeyType = Exclude<ScalarType, ScalarType.FLOAT | ScalarType.DOUBLE | ScalarType.BYTES>;

/**
 * The element type of a list or the value type of a map, told apart by `listKind` or `mapKind`
 * (`field.listKind === "message"` narrows `field.message` to a DescMessage, as in protobuf-es).
 */
type ElementKindShape<K extends "listKind" | "mapKind"> =
  | ({ readonly [P in K]: "scalar" } & { readonly scalar: ScalarType; readonly enum: undefined; readonly message: undefined })
  | ({ readonly [P in K]: "enum" } & { readonly scalar: undefined; readonly enum: DescEnum; readonly message: undefined })
  | ({ readonly [P in K]: "message" } & { readonly scalar: undefined; readonly enum: undefined; readonly message: DescMessage });

/**
 * The element kinds of a list field. As in protobuf-es, only lists of scalars declare
 * `longAsString` and only lists of messages `delimitedEncoding`, so that `"delimitedEncoding"
 * in field` narrows as it does there (at run time every field object has both, as there).
 */
type ListElementShape =
  | {
      readonly listKind: "scalar";
      readonly scalar: ScalarType;
      readonly enum: undefined;
      readonly message: undefined;
      /** 64-bit values are strings (`jstype = JS_STRING`). */
      readonly longAsString: boolean;
    }
  | { readonly listKind: "enum"; readonly scalar: undefined; readonly enum: DescEnum; readonly message: undefined }
  | {
      readonly listKind: "message";
      readonly scalar: undefined;
      readonly enum: undefined;
      readonly message: DescMessage;
      /** Encoded as groups (proto2 groups, editions `message_encoding = DELIMITED`). */
      readonly delimitedEncoding: boolean;
    };

/** A field of a message. */
export type DescField = MessageFieldCommon & FieldKindShape;

/** An extension: a field declared outside of the message it extends. */
export type DescExtension = ExtensionCommon & Exclude<FieldKindShape, { readonly fieldKind: "map" }>;

/** Comments on an element in a protobuf source file. */
export interface DescComments {
  /** Comments separated from the element by a blank line, each without comment markers. */
  readonly leadingDetached: readonly string[];
  /** The comment right before the element. */
  readonly leading?: string | undefined;
  /** The comment right after the element. */
  readonly trailing?: string | undefined;
  /** The element's path in google.protobuf.SourceCodeInfo. */
  readonly sourcePath: readonly number[];
}
