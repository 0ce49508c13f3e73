/**
 * Paths to members of messages, as in protobuf-es: a field, oneof or extension, then list
 * elements, map entries and the members of sub-messages. `buildPath()` builds them with
 * checks at each step; `pathToString()` prints them (parse them with `parsePath()`).
 */
import { ScalarType } from "../descriptors/scalar.js";
import type { DescExtension, DescField, DescMessage, DescOneof } from "../descriptors/types.js";

/**
 * A path to a (nested) member of a Protobuf message, such as a field, oneof, extension, list
 * element, or map entry.
 *
 * Note that we may add additional types to this union in the future to support more use
 * cases.
 */
export type Path = (
  | DescField
  | DescExtension
  | DescOneof
  | {
      kind: "list_sub";
      index: number;
    }
  | {
      kind: "map_sub";
      key: string | number | bigint | boolean;
    }
)[];

/** Builds a Path. */
export type PathBuilder = {
  /** The root message of the path. */
  readonly schema: DescMessage;
  /**
   * Add field access.
   *
   * Throws an InvalidPathError if the field cannot be added to the path.
   */
  field(field: DescField): PathBuilder;
  /**
   * Access a oneof.
   *
   * Throws an InvalidPathError if the oneof cannot be added to the path.
   */
  oneof(oneof: DescOneof): PathBuilder;
  /**
   * Access an extension.
   *
   * Throws an InvalidPathError if the extension cannot be added to the path.
   */
  extension(extension: DescExtension): PathBuilder;
  /**
   * Access a list field by index.
   *
   * Throws an InvalidPathError if the list access cannot be added to the path.
   */
  list(index: number): PathBuilder;
  /**
   * Access a map field by key.
   *
   * Throws an InvalidPathError if the map access cannot be added to the path.
   */
  map(key: string | number | bigint | boolean): PathBuilder;
  /**
   * Append a path.
   *
   * Throws an InvalidPathError if the path cannot be added; the builder is then left as it was.
   */
  add(path: Path | PathBuilder): PathBuilder;
  /** Return the path. */
  toPath(): Path;
  /** Create a copy of this builder. */
  clone(): PathBuilder;
  /** Get the current container - a list, map, or message. */
  getLeft(): DescMessage | (DescField & { fieldKind: "list" }) | (DescField & { fieldKind: "map" }) | undefined;
};

/**
 * InvalidPathError is thrown for invalid Paths, for example during parsing from a string, or
 * when a new Path is built.
 */
export class InvalidPathError extends Error {
  override name = "InvalidPathError";
  /** The root message of the path. */
  readonly schema: DescMessage;
  /** The path: the string being parsed, or the elements built before the invalid one. */
  readonly path: Path | string;

  constructor(schema: DescMessage, message: string, path: string | Path) {
    super(message);
    this.schema = schema;
    this.path = path;
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Create a PathBuilder. */
export function buildPath(schema: DescMessage): PathBuilder {
  return new Builder(schema, schema, []);
}

type Left = ReturnType<PathBuilder["getLeft"]>;

class Builder implements PathBuilder {
  constructor(
    readonly schema: DescMessage,
    private left: Left,
    private readonly path: Path,
  ) {}

  getLeft(): Left {
    return this.left;
  }

  field(field: DescField): PathBuilder {
    const left = this.left;
    if (left?.kind !== "message" || field.kind !== "field" || field.parent.typeName !== left.typeName) {
      throw this.error("Invalid field access");
    }
    this.path.push(field);
    this.left = containerOf(field);
    return this;
  }

  oneof(oneof: DescOneof): PathBuilder {
    const left = this.left;
    if (left?.kind !== "message" || oneof.kind !== "oneof" || oneof.parent.typeName !== left.typeName) {
      throw this.error("Invalid oneof access");
    }
    this.path.push(oneof);
    this.left = undefined;
    return this;
  }

  extension(extension: DescExtension): PathBuilder {
    const left = this.left;
    if (left?.kind !== "message" || extension.kind !== "extension" || extension.extendee.typeName !== left.typeName) {
      throw this.error("Invalid extension access");
    }
    this.path.push(extension);
    // Only a message extension holds members to go on with (a list extension is not indexed).
    this.left = extension.fieldKind === "message" ? extension.message : undefined;
    return this;
  }

  list(index: number): PathBuilder {
    const left = this.left;
    if (left?.kind !== "field" || left.fieldKind !== "list") {
      throw this.error("Invalid list access");
    }
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0) {
      throw this.error("Invalid list index");
    }
    this.path.push({ kind: "list_sub", index });
    this.left = left.listKind === "message" ? left.message : undefined;
    return this;
  }

  map(key: string | number | bigint | boolean): PathBuilder {
    const left = this.left;
    if (left?.kind !== "field" || left.fieldKind !== "map") {
      throw this.error("Invalid map access");
    }
    if (!isMapKeyOf(left.mapKey, key)) {
      throw this.error("Invalid map key");
    }
    this.path.push({ kind: "map_sub", key });
    this.left = left.mapKind === "message" ? left.message : undefined;
    return this;
  }

  add(path: Path | PathBuilder): PathBuilder {
    const left = this.left;
    const length = this.path.length;
    try {
      for (const ele of Array.isArray(path) ? path : path.toPath()) {
        switch (ele.kind) {
          case "field":
            this.field(ele);
            break;
          case "oneof":
            this.oneof(ele);
            break;
          case "extension":
            this.extension(ele);
            break;
          case "list_sub":
            this.list(ele.index);
            break;
          case "map_sub":
            this.map(ele.key);
            break;
        }
      }
    } catch (e) {
      // An invalid step leaves the builder as it was; the error has the path as it is then (as
      // in protobuf-es, which restores the path but not what it goes on with).
      this.path.splice(length);
      this.left = left;
      throw e instanceof InvalidPathError ? new InvalidPathError(this.schema, e.message, this.path.slice()) : e;
    }
    return this;
  }

  toPath(): Path {
    return this.path.slice();
  }

  clone(): PathBuilder {
    return new Builder(this.schema, this.left, this.path.slice());
  }

  private error(message: string): InvalidPathError {
    return new InvalidPathError(this.schema, message, this.path.slice());
  }
}

/** What a path goes on with after a field: its message, the list or map field, or nothing. */
function containerOf(field: DescField): Left {
  switch (field.fieldKind) {
    case "message":
      return field.message;
    case "list":
    case "map":
      return field as Left;
    default:
      return undefined;
  }
}

/** Map keys by type: numbers for 32-bit integers, bigints for 64-bit ones, booleans, strings. */
function isMapKeyOf(type: ScalarType, key: unknown): boolean {
  switch (type) {
    case ScalarType.STRING:
      return typeof key === "string";
    case ScalarType.BOOL:
      return typeof key === "boolean";
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return typeof key === "bigint";
    default:
      return typeof key === "number";
  }
}

/**
 * Stringify a path: fields and oneofs by name, separated by ".", extensions as
 * `[full.name]`, list elements as `[0]`, map entries as `[1]`, `[true]` or `["key"]` (with
 * `\\`, `\"`, `\n` and `\r` escaped), e.g. `items[0].labels["a"][example.ext].name`.
 */
export function pathToString(path: Path): string {
  let out = "";
  for (const ele of path) {
    switch (ele.kind) {
      case "field":
      case "oneof":
        out += out.length > 0 ? `.${ele.name}` : ele.name;
        break;
      case "extension":
        out += `[${ele.typeName}]`;
        break;
      case "list_sub":
        out += `[${ele.index}]`;
        break;
      case "map_sub":
        out += typeof ele.key === "string" ? `["${escapeKey(ele.key)}"]` : `[${String(ele.key)}]`;
        break;
    }
  }
  return out;
}

function escapeKey(key: string): string {
  return key.replace(/[\\"\n\r]/g, (c) => (c === "\n" ? "\\n" : c === "\r" ? "\\r" : `\\${c}`));
}
