import type { WireType } from "./wire/wire-type.js";
import type { DescEnum, DescEnumValue, DescExtension, DescFile, DescMessage, DescMethod, DescService } from "./descriptors/types.js";

/** Any JSON value: number, string, boolean, null, object or array. */
export type JsonValue = number | string | boolean | null | JsonObject | JsonValue[];

/** A JSON object. */
export type JsonObject = { [k: string]: JsonValue };

/**
 * A field on the wire that the schema does not know. Kept on decode and written back on
 * encode. Extension values live here too.
 */
export interface UnknownField {
  /** The field number. */
  readonly no: number;
  /** The wire type the field was encoded with. */
  readonly wireType: WireType;
  /** The field's encoded data, without the tag. */
  readonly data: Uint8Array;
}

/**
 * Every message is a plain object with its fully qualified type name in `$typeName`,
 * and the unknown fields it was decoded with in `$unknown`.
 */
export type Message<TypeName extends string = string> = {
  /** The fully qualified name of the message type, e.g. "example.User". */
  readonly $typeName: TypeName;
  /** Fields from the wire that the schema does not know, and extension values. */
  $unknown?: UnknownField[] | undefined;
};

/** A message descriptor that carries the TypeScript type of its messages (for generated code). */
export type GenMessage<RuntimeShape extends Message, Opt = unknown> = Omit<DescMessage, "field" | "typeName"> & {
  /** Fields by their local (property) name; the members of a oneof by theirs. */
  field: Record<MessageFieldNames<RuntimeShape>, DescMessage["fields"][number]>;
  /** The fully qualified name of the message type, as a literal type. */
  typeName: RuntimeShape["$typeName"];
} & {
  /** Phantom type: the message shape. Never present at run time. */
  readonly __runtimeShape?: RuntimeShape;
  /** Phantom type: the JSON type (generated with json_types). Never present at run time. */
  readonly __jsonType?: Opt extends { jsonType: infer J } ? J : JsonValue;
  /** Phantom type: the valid type (generated with valid_types). Never present at run time. */
  readonly __validType?: Opt extends { validType: infer V } ? V : unknown;
};

/** The JSON type of a message: the generated one (json_types), else JsonValue. */
export type MessageJsonType<Desc extends DescMessage | GenMessage<Message>> = Desc extends { readonly __jsonType?: infer J }
  ? unknown extends J
    ? JsonValue
    : J
  : JsonValue;

/**
 * The message type that a message validated by its schema's rules has (generated with the
 * plugin option `valid_types`); without valid types, the message shape.
 */
export type MessageValidType<Desc extends DescMessage | GenMessage<Message>> = Desc extends { readonly __validType?: infer V }
  ? unknown extends V
    ? MessageShape<Desc>
    : V extends Message
      ? V
      : MessageShape<Desc>
  : MessageShape<Desc>;

/** An enum descriptor that carries the TypeScript type of its values (for generated code). */
export type GenEnum<RuntimeShape extends number, JsonType = string> = Omit<DescEnum, "value"> & {
  /** Values by number, keyed by the enum's own type. */
  readonly value: Record<RuntimeShape, DescEnumValue>;
  /** Phantom type: the enum shape. Never present at run time. */
  readonly __runtimeShape?: RuntimeShape;
  /** Phantom type: the JSON type of the enum's values. Never present at run time. */
  readonly __jsonType?: JsonType;
};

/** The JSON type of an enum's values: the generated union (json_types), else string (or null: google.protobuf.NullValue). */
export type EnumJsonType<Desc extends DescEnum> = Desc extends { readonly __jsonType?: infer J }
  ? unknown extends J
    ? string | null
    : J
  : string | null;

/** An extension descriptor that carries the types of its extendee and value (for generated code). */
export type GenExtension<Extendee extends Message = Message, RuntimeShape = unknown> = DescExtension & {
  /** Phantom type: the extendee. Never present at run time. */
  readonly __extendee?: Extendee;
  /** Phantom type: the value. Never present at run time. */
  readonly __runtimeShape?: RuntimeShape;
};

/**
 * The local names of the fields of a message type: its properties but `$typeName` and
 * `$unknown`, with each oneof group replaced by the names of its members (its cases).
 */
type MessageFieldNames<T extends Message> = Message extends T
  ? string
  : {
      [K in Exclude<keyof T, "$typeName" | "$unknown">]-?: NonNullable<T[K]> extends { case: infer C } ? Exclude<C, undefined> : K;
    }[Exclude<keyof T, "$typeName" | "$unknown">] &
      string;

/** The message type described by a message descriptor: a generated type, or `Message`. */
export type MessageShape<Desc extends DescMessage | GenMessage<Message>> = Desc extends GenMessage<infer T> ? T : Message;

/** The init type for `create()`: every field optional, nested messages as init objects too. */
export type MessageInitShape<Desc extends DescMessage | GenMessage<Message>> =
  Desc extends GenMessage<infer T>
    ? Message extends T
      ? Record<string, unknown> // a descriptor without generated types: any init object
      : T | MessageInit<T>
    : Record<string, unknown>;

/** The type of an extension's value. */
export type ExtensionValueShape<Desc extends DescExtension | GenExtension> = Desc extends GenExtension<Message, infer T> ? T : unknown;

/** The extendee message type of an extension. */
export type Extendee<Desc extends DescExtension | GenExtension> = Desc extends GenExtension<infer E> ? E : Message;

/** An init object for a message: all fields optional, messages recursively as init objects. */
export type MessageInit<T extends Message> = {
  [P in keyof T as P extends "$typeName" | "$unknown" ? never : P]?: FieldInit<T[P]>;
} & { $typeName?: T["$typeName"]; $unknown?: UnknownField[] };

type FieldInit<F> = F extends Uint8Array | bigint | string | number | boolean
  ? F
  : F extends (infer E)[]
    ? FieldInit<E>[]
    : F extends Message
      ? F | MessageInit<F>
      : F extends OneofADT
        ? OneofInit<F>
        : F extends Record<string, infer V>
          ? // Map values: messages take init objects; other values (incl. JSON) as they are.
            Record<string, V extends Message ? V | MessageInit<V> : V>
          : F;

type OneofADT = { case: string; value: unknown } | { case: undefined; value?: undefined };
type OneofInit<F> = F extends { case: infer C; value: infer V } ? { case: C; value: FieldInit<V> } : { case: undefined; value?: undefined };

/** A file descriptor, as generated code exports it. */
export type GenFile = DescFile;

/** The methods of a service, as generated code describes them. */
export type GenServiceMethods = Record<string, Pick<DescMethod, "methodKind" | "input" | "output">>;

/**
 * A service descriptor that carries the types of its methods (for generated code): each method
 * has the method kind, request and response types of the generated description.
 */
export type GenService<RuntimeShape extends GenServiceMethods = GenServiceMethods> = Omit<DescService, "method"> & {
  /** Methods by local name. */
  method: { [K in keyof RuntimeShape]: RuntimeShape[K] & DescMethod };
};

/** The TypeScript enum type described by an enum descriptor: a generated enum, or `number`. */
export type EnumShape<Desc extends DescEnum> = Desc extends GenEnum<infer T> ? T : number;

/**
 * A value of an open enum that the enum does not define (see `isUnknownEnum()`). Only a
 * brand on `number`: no such value exists at run time.
 */
export type UnknownEnum = number & { __unknown_enum: true };
