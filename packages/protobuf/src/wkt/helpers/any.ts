/**
 * google.protobuf.Any helpers: pack a message into an Any, check what it holds, unpack it.
 */
import type { DescMessage } from "../../descriptors/types.js";
import type { Message, MessageShape } from "../../types.js";
import type { Registry } from "../../registry/registry.js";
import { create } from "../../model/create.js";
import { toBinary } from "../../to-binary.js";
import { fromBinary, mergeFromBinary } from "../../from-binary.js";
import { AnySchema, type Any } from "../gen/google/protobuf/any_pb.js";

const typeUrlPrefix = "type.googleapis.com/";

/** The type URL for a message type, e.g. "type.googleapis.com/example.User". */
export function anyTypeUrl(typeName: string): string {
  return typeUrlPrefix + typeName;
}

/** The type name in a type URL: everything after the last "/". */
export function anyTypeName(typeUrl: string): string {
  const slash = typeUrl.lastIndexOf("/");
  return slash >= 0 ? typeUrl.substring(slash + 1) : typeUrl;
}

/** Packs a message into a new Any, or into the given Any. */
export function anyPack<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): Any;
export function anyPack<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>, into: Any): void;
export function anyPack<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>, into?: Any): Any | undefined {
  const target = into ?? create(AnySchema);
  target.typeUrl = anyTypeUrl(message.$typeName);
  target.value = toBinary(schema, message);
  if (into === undefined) return target;
}

/** True if the Any holds a message of the given schema or type name. */
export function anyIs(any: Any, schemaOrTypeName: DescMessage | string): boolean {
  if (any.typeUrl === "") return false;
  const typeName = typeof schemaOrTypeName === "string" ? schemaOrTypeName : schemaOrTypeName.typeName;
  return anyTypeName(any.typeUrl) === typeName;
}

/**
 * Unpacks the message in an Any: with a schema, if the Any holds that type; with a registry,
 * if the registry knows the type. Returns undefined otherwise.
 */
export function anyUnpack<Desc extends DescMessage>(any: Any, schema: Desc): MessageShape<Desc> | undefined;
export function anyUnpack(any: Any, registry: Registry): Message | undefined;
export function anyUnpack(any: Any, schemaOrRegistry: DescMessage | Registry): Message | undefined {
  if (any.typeUrl === "") return undefined;
  const desc =
    schemaOrRegistry.kind === "message"
      ? anyIs(any, schemaOrRegistry)
        ? schemaOrRegistry
        : undefined
      : schemaOrRegistry.getMessage(anyTypeName(any.typeUrl));
  return desc === undefined ? undefined : fromBinary(desc, any.value);
}

/** Merges the message in an Any into `target`, if the Any holds the target's type. */
export function anyUnpackTo<Desc extends DescMessage>(any: Any, schema: Desc, target: MessageShape<Desc>): MessageShape<Desc> | undefined {
  if (!anyIs(any, schema)) return undefined;
  return mergeFromBinary(schema, target, any.value);
}
