/**
 * Error classes shared by every part of pbjet.
 */

/**
 * Base class of every error thrown by pbjet.
 */
export class ProtobufError extends Error {
  /** Always "ProtobufError" for this class; subclasses override it. */
  override name = "ProtobufError";
}

/**
 * Raised when binary input cannot be decoded. `offset` is the byte offset
 * in the input where the problem was found.
 */
export class BinaryDecodeError extends ProtobufError {
  override name = "BinaryDecodeError";
  /** Byte offset in the input where the problem was found. */
  readonly offset: number;
  /** Field number being decoded, when known. */
  readonly fieldNumber?: number;
  /** Fully-qualified name of the message being decoded, when known. */
  readonly typeName?: string;
  /** The problem without the field, e.g. "premature EOF at offset 9 (truncated varint)". */
  readonly detail: string;

  /**
   * Create a decode error. `detail` names the problem, starting with protobuf-es's text; the
   * message is `detail`, followed by ` in field <typeName>.<fieldNumber>` when they are given.
   */
  constructor(detail: string, offset: number, typeName?: string, fieldNumber?: number) {
    super(typeName === undefined ? detail : `${detail} in field ${typeName}.${fieldNumber}`);
    this.detail = detail;
    this.offset = offset;
    // (Both are own properties of every instance, as declared fields: undefined when unknown.)
    this.typeName = typeName;
    this.fieldNumber = fieldNumber;
  }

  /**
   * Return a copy of this error annotated with the message type and field
   * number, e.g. `premature EOF at offset 1 (need 5 bytes, have 1) in field pkg.Msg.3`.
   * Errors already annotated are returned unchanged, so that the innermost
   * field (the one where the problem really is) is reported.
   */
  withField(typeName: string, fieldNumber: number): BinaryDecodeError {
    if (this.typeName !== undefined) return this;
    return new BinaryDecodeError(this.detail, this.offset, typeName, fieldNumber);
  }

  /**
   * Error for a tag that no field can have (field number 0, wire type 6 or 7), worded as
   * protobuf-es words it: `illegal tag: field no 0 wire type 0 at offset 12`.
   */
  static illegalTag(fieldNo: number, wireType: number, offset: number): BinaryDecodeError {
    return decodeErrorAt(`illegal tag: field no ${fieldNo} wire type ${wireType}`, offset);
  }

  /** Error for a read of `need` bytes at `offset` when only `have` remain. */
  static prematureEnd(offset: number, need: number, have: number): BinaryDecodeError {
    return new BinaryDecodeError(`premature EOF at offset ${offset} (need ${need} bytes, have ${have})`, offset);
  }
}

/** A BinaryDecodeError whose detail is `detail`, followed by " at offset <offset>". @internal */
export function decodeErrorAt(detail: string, offset: number): BinaryDecodeError {
  return new BinaryDecodeError(`${detail} at offset ${offset}`, offset);
}

/**
 * Error for an end-group tag of field `fieldNo` at `at` where no group of that field is open:
 * inside group `group` (protobuf-es: "invalid end group tag"), or outside of any (0; protobuf-es
 * skips it as an unknown field: "cant skip wire type 4"). @internal
 */
export function unexpectedEndGroup(fieldNo: number, at: number, group: number): BinaryDecodeError {
  return decodeErrorAt(`${group === 0 ? "cant skip wire type 4" : "invalid end group tag"}: field ${fieldNo}`, at);
}

/** Error for input that ends at `at` inside group field `group` of message `typeName`. @internal */
export function missingEndGroup(group: number, typeName: string, at: number): BinaryDecodeError {
  return decodeErrorAt(`invalid end group tag: input ends in group ${group} of ${typeName}`, at);
}

/**
 * Error for a message of type `typeName` at `at` nested deeper than `maxDepth` levels below the
 * top-level one, worded as protobuf-es words it, with its recursion limit (`maxDepth + 1`). @internal
 */
export function depthExceeded(maxDepth: number, at: number, typeName: string): BinaryDecodeError {
  return decodeErrorAt(`cannot decode message ${typeName} from binary: maximum recursion depth of ${maxDepth + 1} reached`, at);
}

/**
 * Raised when a value cannot be encoded, for example an int32 field holding
 * a number out of range.
 */
export class BinaryEncodeError extends ProtobufError {
  override name = "BinaryEncodeError";
}

/**
 * Thrown by what a lazy view (decoded with `{ lazy: true }`) cannot do: be used after it was
 * copied with spread syntax (a copy is not a view), or change its `$typeName`.
 */
export class LazyMessageError extends ProtobufError {
  override name = "LazyMessageError";
}
