/**
 * FieldError: what the reflection API throws for a value that does not fit a field, or for a
 * field or oneof that belongs to another message.
 */
import type { DescField, DescOneof } from "../descriptors/types.js";

/**
 * The names a FieldError takes: `FieldValueInvalidError` (a value does not fit the field),
 * `ForeignFieldError` (the field or oneof belongs to another message type), and
 * `FieldListRangeError` (a list index is out of range).
 */
export type FieldErrorName = "FieldValueInvalidError" | "FieldListRangeError" | "ForeignFieldError";

/** An error about one field (or oneof) of a message, as the reflection API reports it. */
export class FieldError extends Error {
  override readonly name: string;
  /** The field or oneof the error is about. */
  readonly field: () => DescField | DescOneof;

  constructor(fieldOrOneof: DescField | DescOneof, message: string, name: FieldErrorName | string = "FieldValueInvalidError") {
    super(message);
    this.name = name;
    this.field = () => fieldOrOneof;
  }
}

/** True if `arg` is a FieldError (also one made by another copy of this package). */
export function isFieldError(arg: unknown): arg is FieldError {
  return (
    arg instanceof Error &&
    (arg.name === "FieldValueInvalidError" || arg.name === "FieldListRangeError" || arg.name === "ForeignFieldError") &&
    typeof (arg as { field?: unknown }).field === "function"
  );
}
