/**
 * Walks over descriptors: the types a file or message declares (`nestedTypes()`), the types
 * a message refers to (`usedTypes()`), and the ancestors of an element (`parentTypes()`).
 * The orders are those of protobuf-es.
 */
import type { AnyDesc, DescEnum, DescExtension, DescFile, DescMessage, DescService } from "./types.js";

/**
 * Iterates over all types - enumerations, extensions, services, messages - and
 * enumerations, extensions and messages nested in messages: each message is followed by the
 * types nested in it; then come the enums, then (for a file) the services, then the
 * extensions. Map entry messages are not types of their own and are skipped.
 */
export function* nestedTypes(desc: DescFile | DescMessage): Iterable<DescMessage | DescEnum | DescExtension | DescService> {
  if (desc.kind === "file") {
    for (const message of desc.messages) {
      yield message;
      yield* nestedTypes(message);
    }
    yield* desc.enums;
    yield* desc.services;
    yield* desc.extensions;
    return;
  }
  for (const message of desc.nestedMessages) {
    yield message;
    yield* nestedTypes(message);
  }
  yield* desc.nestedEnums;
  yield* desc.nestedExtensions;
}

/**
 * Iterates over the types the fields of the message refer to - message and enum types of
 * singular fields, list elements and map values - and, depth first, the types those refer
 * to in turn. Each type is given once; the message itself is given if it refers to itself.
 */
export function* usedTypes(descMessage: DescMessage): Iterable<DescMessage | DescEnum> {
  yield* usedTypesIn(descMessage, new Set());
}

function* usedTypesIn(message: DescMessage, seen: Set<string>): Iterable<DescMessage | DescEnum> {
  for (const field of message.fields) {
    const ref = field.enum ?? field.message;
    if (ref === undefined || seen.has(ref.typeName)) continue;
    seen.add(ref.typeName);
    yield ref;
    if (ref.kind === "message") yield* usedTypesIn(ref, seen);
  }
}

/** An element that holds other elements: a file, a message, an enum or a service. */
type Parent = DescFile | DescEnum | DescMessage | DescService;

/**
 * Returns the ancestors of a Protobuf element, up to the file, nearest first: for a field or
 * oneof its messages, for an enum value its enum and the enum's messages, for a method its
 * service, for an extension the messages it is declared in (not its extendee). A file has
 * none.
 */
export function parentTypes(desc: AnyDesc): Parent[] {
  const parents: Parent[] = [];
  let p = parentOf(desc);
  while (p !== undefined) {
    parents.push(p);
    p = parentOf(p);
  }
  return parents;
}

function parentOf(desc: AnyDesc): Parent | undefined {
  switch (desc.kind) {
    case "file":
      return undefined;
    case "field":
    case "oneof":
    case "enum_value":
    case "rpc":
      return desc.parent;
    case "service":
      return desc.file;
    default:
      return desc.parent ?? desc.file;
  }
}
