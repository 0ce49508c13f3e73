/**
 * JSON errors. Both name the place in the message where the problem is, as a path of
 * field names, list indexes and map keys below the root message, e.g.
 * `cannot decode field pkg.Msg.repeated_int32[3] from JSON: "abc" is not an int32`.
 */
import { ProtobufError } from "../wire/errors.js";

/** Raised when JSON input cannot be parsed into a message. */
export class JsonDecodeError extends ProtobufError {
  override name = "JsonDecodeError";
  /** The fully qualified name of the message that was parsed (the root). */
  readonly typeName: string;
  /**
   * Where the problem is, below the root message: field names, list indexes and map keys,
   * e.g. `manager.locations[2]` or `projects["key"]`. Empty for the root itself.
   */
  readonly path: string;
  /** The problem, without the path, e.g. `"abc" is not an int32`. */
  readonly detail: string;

  /**
   * Creates an error for a problem found at `path` below a message of type `typeName`; with
   * `message`, that text instead of the one made of the parts.
   */
  constructor(typeName: string, path: string, detail: string, message?: string) {
    super(message ?? describe("decode", typeName, path, detail));
    this.typeName = typeName;
    this.path = path;
    this.detail = detail;
  }
}

/** Raised when a message cannot be written as JSON, e.g. a Timestamp out of range. */
export class JsonEncodeError extends ProtobufError {
  override name = "JsonEncodeError";
  /** The fully qualified name of the message that was serialized (the root). */
  readonly typeName: string;
  /** Where the problem is, below the root message (see `JsonDecodeError.path`). */
  readonly path: string;
  /** The problem, without the path. */
  readonly detail: string;

  /** Creates an error for a problem found at `path` below a message of type `typeName`. */
  constructor(typeName: string, path: string, detail: string) {
    super(describe("encode", typeName, path, detail));
    this.typeName = typeName;
    this.path = path;
    this.detail = detail;
  }
}

function describe(op: string, typeName: string, path: string, detail: string): string {
  if (path === "") {
    return `cannot ${op} message ${typeName} ${op === "decode" ? "from" : "to"} JSON: ${detail}`;
  }
  const sep = path.charCodeAt(0) === 91 /* [ */ ? "" : ".";
  return `cannot ${op} field ${typeName}${sep}${path} ${op === "decode" ? "from" : "to"} JSON: ${detail}`;
}

/**
 * @internal A problem found while reading or writing, on its way up to the public entry
 * point. Each level adds its path segment; the entry point turns it into a JsonDecodeError
 * or JsonEncodeError. Not an Error: no stack trace is captured.
 */
export class JsonProblem {
  /** Path segments, innermost first: ".name", "[3]" or '["key"]'. */
  readonly segments: string[] = [];
  constructor(readonly detail: string) {}
}

/** @internal Adds a path segment to a problem thrown below it, or converts a ProtobufError. */
export function withSegment(e: unknown, segment: string): unknown {
  if (e instanceof JsonProblem) {
    e.segments.push(segment);
    return e;
  }
  if (e instanceof ProtobufError && !(e instanceof JsonDecodeError) && !(e instanceof JsonEncodeError)) {
    const p = new JsonProblem(e.message);
    p.segments.push(segment);
    return p;
  }
  return e;
}

/** The path of a problem, e.g. `a.b[2]["k"]` (without a leading dot). */
function problemPath(p: JsonProblem): string {
  let path = "";
  for (let i = p.segments.length - 1; i >= 0; i--) path += p.segments[i];
  return path.charCodeAt(0) === 46 /* . */ ? path.substring(1) : path;
}

/** @internal Converts whatever a reader threw into the public error. */
export function toDecodeError(e: unknown, typeName: string): unknown {
  if (e instanceof JsonProblem) return new JsonDecodeError(typeName, problemPath(e), e.detail);
  if (e instanceof ProtobufError && !(e instanceof JsonDecodeError)) return new JsonDecodeError(typeName, "", e.message);
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return new JsonDecodeError(typeName, "", "maximum nesting depth exceeded");
  }
  return e;
}

/** @internal Converts whatever a writer threw into the public error. */
export function toEncodeError(e: unknown, typeName: string): unknown {
  if (e instanceof JsonProblem) return new JsonEncodeError(typeName, problemPath(e), e.detail);
  if (e instanceof ProtobufError && !(e instanceof JsonEncodeError)) return new JsonEncodeError(typeName, "", e.message);
  return e;
}

/** @internal The problem of a required field (proto2, LEGACY_REQUIRED) that is not set, as protobuf-es words it. */
export function requiredNotSet(): JsonProblem {
  return new JsonProblem("required field not set");
}

/** @internal The path segment of a field. */
export function fieldSegment(name: string): string {
  return "." + name;
}

/** @internal The path segment of a list index. */
export function indexSegment(i: number): string {
  return "[" + i + "]";
}

/** @internal The path segment of a map key. */
export function keySegment(key: string): string {
  return "[" + JSON.stringify(key) + "]";
}

/** @internal A short description of a JSON value for error messages. */
export function formatJson(v: unknown): string {
  switch (typeof v) {
    case "string": {
      const s = JSON.stringify(v.length > 40 ? v.substring(0, 40) + "…" : v);
      return s;
    }
    case "number":
    case "boolean":
    case "bigint":
      return String(v);
    case "undefined":
      return "undefined";
    case "object":
      if (v === null) return "null";
      if (Array.isArray(v)) return "array";
      if (v instanceof Uint8Array) return "Uint8Array";
      return "object";
    default:
      return typeof v;
  }
}
