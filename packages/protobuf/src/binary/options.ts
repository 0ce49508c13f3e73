/**
 * `hasOption()` and `getOption()`: custom options, which are extensions of the
 * `google.protobuf.*Options` messages of descriptor.proto. A descriptor's options message is
 * `desc.proto.options`; its extensions are in its unknown fields, in binary form (see
 * extensions.ts), and are decoded on access.
 */
import type {
  AnyDesc,
  DescEnum,
  DescEnumValue,
  DescExtension,
  DescField,
  DescFile,
  DescMessage,
  DescMethod,
  DescOneof,
  DescService,
} from "../descriptors/types.js";
import type { Extendee, ExtensionValueShape, Message } from "../types.js";
import type {
  EnumOptions,
  EnumValueOptions,
  FieldOptions,
  FileOptions,
  MessageOptions,
  MethodOptions,
  OneofOptions,
  ServiceOptions,
} from "../wkt/gen/google/protobuf/descriptor_pb.js";
import { getExtension, hasExtension } from "./extensions.js";

/** The kind of descriptor whose options an option extension extends. */
type DescForOptionExtension<Ext extends DescExtension> =
  Extendee<Ext> extends FileOptions
    ? DescFile
    : Extendee<Ext> extends EnumOptions
      ? DescEnum
      : Extendee<Ext> extends EnumValueOptions
        ? DescEnumValue
        : Extendee<Ext> extends MessageOptions
          ? DescMessage
          : Extendee<Ext> extends FieldOptions
            ? DescField | DescExtension
            : Extendee<Ext> extends OneofOptions
              ? DescOneof
              : Extendee<Ext> extends ServiceOptions
                ? DescService
                : Extendee<Ext> extends MethodOptions
                  ? DescMethod
                  : AnyDesc;

/**
 * True if the option is set on the descriptor. Options are extensions of the
 * `google.protobuf.*Options` messages of descriptor.proto: this takes the options message of
 * the descriptor, and calls `hasExtension()`. False if the descriptor has no options.
 */
export function hasOption<Ext extends DescExtension, Desc extends DescForOptionExtension<Ext>>(element: Desc, option: Ext): boolean {
  const options = optionsOf(element);
  return options !== undefined && hasExtension(options as Extendee<Ext>, option);
}

/**
 * The value of an option on the descriptor. Options are extensions of the
 * `google.protobuf.*Options` messages of descriptor.proto: this takes the options message of
 * the descriptor, and calls `getExtension()`. As that, it never returns undefined: an option
 * that is not set reads its default value (the declared default, the zero value, an empty
 * list, or an empty message) — also when the descriptor has no options message at all.
 * Throws if the descriptor has options of another kind than the option extends.
 */
export function getOption<Ext extends DescExtension, Desc extends DescForOptionExtension<Ext>>(element: Desc, option: Ext): ExtensionValueShape<Ext> {
  const options = optionsOf(element);
  if (options === undefined) {
    // No options message: the default, from an empty message of the extendee.
    return getExtension({ $typeName: option.extendee.typeName } as Extendee<Ext>, option);
  }
  return getExtension(options as Extendee<Ext>, option);
}

function optionsOf(element: AnyDesc): Message | undefined {
  return (element.proto as { options?: Message }).options;
}
