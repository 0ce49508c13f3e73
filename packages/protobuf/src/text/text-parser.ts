/**
 * The text format parser: messages and fields by name, extensions and Any expansion in
 * brackets, lists, maps, groups, reserved names, and the duplicate checks of `fromText()`.
 */
import type { ListFieldObject } from "../descriptors/list-field.js";
import { typeRecord } from "../model/type-record.js";
import { writableForm } from "../model/view-protocol.js";
import { wktName } from "../descriptors/wkt-names.js";
import type { DescEnum, DescExtension, DescField, DescMessage } from "../descriptors/types.js";
import { ScalarType } from "../descriptors/scalar.js";
import type { Registry } from "../registry/registry.js";
import type { Message } from "../types.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { mapKeyToProperty, setOwnProperty } from "../model/map-key.js";
import { boxValue, unboxValue } from "../model/boxing.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { getExtension, hasExtension, setExtension } from "../binary/extensions.js";
import { encodeMessage } from "../binary/encode.js";
import { textFieldTable } from "./field-table.js";
import { parseEnum, parseScalar, type ScalarSpec } from "./parse-scalar.js";
import { TokenKind, describeToken, errorAt, type Token, type Tokenizer } from "./tokenizer.js";

/** Settings of one parse. */
export interface ParseSettings {
  readonly registry: Registry | undefined;
  /** Reject a non-repeated field given twice, and two members of a oneof (fromText). */
  readonly forbidOverwrite: boolean;
  /** The number of message levels allowed below the top-level message (the recursion limit - 1). */
  readonly maxDepth: number;
}

type Obj = Record<string, any>;

/** The problem of a message nested deeper than `maxDepth` levels, named by the recursion limit (`maxDepth + 1`). */
function depthExceeded(maxDepth: number): string {
  return `maximum nesting depth ${maxDepth + 1} exceeded`;
}
type AnyField = DescField | DescExtension;

/** What a message parse has seen so far, for the duplicate checks. */
interface Seen {
  readonly numbers: Set<number>;
  readonly oneofs: Map<string, AnyField>;
}

const ANY = wktName.Any;

/** Parses text format into messages. */
export class TextParser {
  constructor(
    private readonly tok: Tokenizer,
    private readonly settings: ParseSettings,
  ) {}

  /** Parses fields into `msg` until the end of input. */
  parseTopLevel(desc: DescMessage, msg: Obj): void {
    // A recursion limit below 1 admits no message, as in protobuf-es.
    if (!(this.settings.maxDepth >= 0)) throw errorAt(this.tok.peek(), depthExceeded(this.settings.maxDepth));
    this.parseFields(desc, msg, undefined, 0);
  }

  /** Parses fields into `msg` until the closing symbol (or the end of input if undefined). */
  private parseFields(desc: DescMessage, msg: Obj, close: string | undefined, depth: number): void {
    const seen: Seen | undefined = this.settings.forbidOverwrite ? { numbers: new Set(), oneofs: new Map() } : undefined;
    // Extension values are collected in a holder object (keyed by full name) and set at the end.
    let extensions: Obj | undefined;
    const extList: DescExtension[] = [];
    const tok = this.tok;
    const table = textFieldTable(desc);
    for (;;) {
      const t = tok.peek();
      if (t.kind === TokenKind.End) {
        if (close !== undefined) throw errorAt(t, `expected "${close}" to close ${desc.typeName}, got end of input`);
        break;
      }
      if (close !== undefined && t.kind === TokenKind.Symbol && t.text === close) {
        tok.next();
        break;
      }
      const name = tok.next();
      if (name.kind === TokenKind.Symbol && name.text === "[") {
        const ext = this.parseBracketed(desc, msg, name, seen, depth);
        if (ext !== undefined) {
          extensions ??= {};
          if (!extList.includes(ext)) {
            extList.push(ext);
            extensions[ext.localName] = initialExtensionValue(msg, ext);
          }
          this.checkDuplicate(ext, name, seen);
          this.parseFieldValue(ext, extensions, depth);
        }
      } else if (name.kind === TokenKind.Ident) {
        const field = table.byName.get(name.text);
        if (field === undefined) {
          if (!table.reserved.has(name.text)) {
            throw errorAt(name, `unknown field "${name.text}" in message ${desc.typeName}`);
          }
          this.skipFieldValue(depth);
        } else {
          this.checkDuplicate(field, name, seen);
          this.parseFieldValue(field, msg, depth);
        }
      } else {
        throw errorAt(name, `expected a field name, got ${describeToken(name)}`);
      }
      if (!tok.trySymbol(";")) tok.trySymbol(",");
    }
    for (const ext of extList) {
      setExtension(msg as Message, ext, extensions![ext.localName]);
    }
  }

  private checkDuplicate(field: AnyField, at: Token, seen: Seen | undefined): void {
    if (seen === undefined || field.fieldKind === "list" || field.fieldKind === "map") return;
    if (seen.numbers.has(field.number)) {
      const what = field.kind === "extension" ? `extension "[${field.typeName}]"` : `field "${field.name}"`;
      throw errorAt(at, `non-repeated ${what} is specified multiple times`);
    }
    seen.numbers.add(field.number);
    if (field.oneof !== undefined) {
      const other = seen.oneofs.get(field.oneof.name);
      if (other !== undefined) {
        throw errorAt(at, `field "${field.name}" is specified along with field "${other.name}", another member of oneof "${field.oneof.name}"`);
      }
      seen.oneofs.set(field.oneof.name, field);
    }
  }

  /**
   * Parses `[name]` after the opening bracket. Returns the extension to parse a value for,
   * or undefined after an Any expansion `[prefix/type] { ... }` was parsed into `msg`.
   */
  private parseBracketed(desc: DescMessage, msg: Obj, open: Token, seen: Seen | undefined, depth: number): DescExtension | undefined {
    const tok = this.tok;
    let name = "";
    for (;;) {
      const part = tok.next();
      if (part.kind !== TokenKind.Ident) {
        throw errorAt(part, `expected a name in "[...]", got ${describeToken(part)}`);
      }
      name += part.text;
      const sep = tok.next();
      if (sep.kind === TokenKind.Symbol && sep.text === "]") break;
      if (sep.kind !== TokenKind.Symbol || (sep.text !== "." && sep.text !== "/")) {
        throw errorAt(sep, `expected "]" after [${name}, got ${describeToken(sep)}`);
      }
      name += sep.text;
    }
    const registry = this.settings.registry;
    const slash = name.lastIndexOf("/");
    if (slash >= 0) {
      if (desc.typeName !== ANY) {
        throw errorAt(open, `[${name}] is an Any type URL, but ${desc.typeName} is not ${ANY}`);
      }
      const typeName = name.slice(slash + 1);
      const anyDesc = registry?.getMessage(typeName);
      if (anyDesc === undefined) {
        throw errorAt(open, `unable to resolve [${name}]: message type ${typeName} is not in the registry`);
      }
      const typeUrl = desc.fields.find((f) => f.number === 1)!;
      const value = desc.fields.find((f) => f.number === 2)!;
      if (seen !== undefined && (seen.numbers.has(1) || seen.numbers.has(2))) {
        throw errorAt(open, `${ANY} given more than once (expanded, or with type_url and value)`);
      }
      seen?.numbers.add(1).add(2);
      tok.trySymbol(":");
      const sub = zeroMessageFactory(anyDesc)();
      this.parseMessageValue(anyDesc, sub, depth);
      try {
        msg[value.localName] = encodeMessage(anyDesc, sub, true);
      } catch (e) {
        throw errorAt(open, `cannot serialize ${typeName} for [${name}]: ${e instanceof Error ? e.message : String(e)}`);
      }
      msg[typeUrl.localName] = name;
      return undefined;
    }
    const ext = registry?.getExtension(name);
    if (ext === undefined) {
      throw errorAt(open, `unknown extension [${name}]${registry === undefined ? " (no registry given)" : ""}`);
    }
    if (ext.extendee.typeName !== desc.typeName) {
      throw errorAt(open, `extension [${name}] extends ${ext.extendee.typeName}, not ${desc.typeName}`);
    }
    return ext;
  }

  /** Parses `: value`, `{...}`, or a list, and stores it in `target` (a message or extension holder). */
  private parseFieldValue(field: AnyField, target: Obj, depth: number): void {
    const tok = this.tok;
    switch (field.fieldKind) {
      case "scalar":
      case "enum": {
        tok.expectSymbol(":", `after field "${field.name}"`);
        this.rejectList(field);
        const v = field.fieldKind === "enum" ? parseEnum(tok, field.enum) : parseScalar(tok, field);
        if (field.oneof !== undefined) {
          target[field.oneof.localName] = { case: field.localName, value: v };
        } else {
          target[field.localName] = v;
        }
        return;
      }
      case "message": {
        tok.trySymbol(":");
        this.rejectList(field);
        this.parseSingularMessage(field, target, depth);
        return;
      }
      case "list": {
        const list = target[field.localName] as unknown[];
        if (field.listKind === "message") {
          tok.trySymbol(":");
          const boxing = elementBoxing(field);
          this.parseListOrOne(() => {
            const sub = zeroMessageFactory(field.message!)();
            this.parseMessageValue(field.message!, sub, depth);
            list.push(boxing === Boxing.None ? sub : unboxValue(boxing, sub as Message));
          });
          return;
        }
        tok.expectSymbol(":", `after field "${field.name}"`);
        const spec = listSpec(field);
        const en = field.enum;
        this.parseListOrOne(() => list.push(en !== undefined ? parseEnum(tok, en) : parseScalar(tok, spec)));
        return;
      }
      case "map": {
        tok.trySymbol(":");
        const map = target[field.localName] as Obj;
        this.parseListOrOne(() => this.parseMapEntry(field, map, depth));
        return;
      }
    }
  }

  /**
   * Parses the value of a singular message field, merging into a message that is already
   * set. Unboxed well-known types (wrappers, Struct) are boxed for parsing and unboxed after.
   */
  private parseSingularMessage(field: AnyField & { fieldKind: "message" }, target: Obj, depth: number): void {
    const boxing = fieldBoxing(field);
    if (boxing === Boxing.None) {
      this.parseMessageValue(field.message, singularMessage(field, target), depth);
      return;
    }
    const oneof = field.oneof;
    const current: unknown =
      oneof === undefined ? target[field.localName] : target[oneof.localName].case === field.localName ? target[oneof.localName].value : undefined;
    const sub = current === undefined ? zeroMessageFactory(field.message)() : (boxValue(boxing, field.message, current) as Obj);
    this.parseMessageValue(field.message, sub, depth);
    const value = unboxValue(boxing, sub as Message);
    if (oneof === undefined) target[field.localName] = value;
    else target[oneof.localName] = { case: field.localName, value };
  }

  private rejectList(field: AnyField): void {
    const t = this.tok.peek();
    if (t.kind === TokenKind.Symbol && t.text === "[") {
      throw errorAt(t, `field "${field.name}" is not repeated: a list is not allowed`);
    }
  }

  /** Parses `[a, b, ...]` (possibly empty) or a single element. */
  private parseListOrOne(element: () => void): void {
    const tok = this.tok;
    if (!tok.trySymbol("[")) {
      element();
      return;
    }
    if (tok.trySymbol("]")) return;
    for (;;) {
      element();
      const t = tok.next();
      if (t.kind === TokenKind.Symbol && t.text === "]") return;
      if (t.kind !== TokenKind.Symbol || t.text !== ",") {
        throw errorAt(t, `expected "," or "]" in list, got ${describeToken(t)}`);
      }
    }
  }

  /** Parses `{ ... }` or `< ... >` into `msg`. */
  private parseMessageValue(desc: DescMessage, msg: Obj, depth: number): void {
    const open = this.tok.next();
    let close: string;
    if (open.kind === TokenKind.Symbol && open.text === "{") close = "}";
    else if (open.kind === TokenKind.Symbol && open.text === "<") close = ">";
    else throw errorAt(open, `expected "{" or "<" to start ${desc.typeName}, got ${describeToken(open)}`);
    if (depth >= this.settings.maxDepth) {
      throw errorAt(open, depthExceeded(this.settings.maxDepth));
    }
    this.parseFields(desc, msg, close, depth + 1);
  }

  /** Parses one map entry `{ key: ... value: ... }`; the last entry for a key wins. */
  private parseMapEntry(field: AnyField & { fieldKind: "map" }, map: Obj, depth: number): void {
    const tok = this.tok;
    const open = tok.next();
    let close: string;
    if (open.kind === TokenKind.Symbol && open.text === "{") close = "}";
    else if (open.kind === TokenKind.Symbol && open.text === "<") close = ">";
    else throw errorAt(open, `expected "{" or "<" to start an entry of map field "${field.name}", got ${describeToken(open)}`);
    if (depth >= this.settings.maxDepth) {
      throw errorAt(open, depthExceeded(this.settings.maxDepth));
    }
    const keySpec: ScalarSpec = { scalar: field.mapKey, longAsString: false, utf8Validation: field.utf8Validation };
    let key: unknown;
    let value: unknown;
    for (;;) {
      const name = tok.next();
      if (name.kind === TokenKind.Symbol && name.text === close) break;
      if (name.kind !== TokenKind.Ident || (name.text !== "key" && name.text !== "value")) {
        throw errorAt(name, `expected "key", "value" or "${close}" in an entry of map field "${field.name}", got ${describeToken(name)}`);
      }
      if (this.settings.forbidOverwrite && (name.text === "key" ? key : value) !== undefined) {
        throw errorAt(name, `non-repeated field "${name.text}" is specified multiple times`);
      }
      if (name.text === "key") {
        tok.expectSymbol(":", `after field "key"`);
        key = parseScalar(tok, keySpec);
      } else if (field.mapKind === "message") {
        tok.trySymbol(":");
        value ??= zeroMessageFactory(field.message!)();
        this.parseMessageValue(field.message!, value as Obj, depth + 1);
      } else {
        tok.expectSymbol(":", `after field "value"`);
        value = field.mapKind === "enum" ? parseEnum(tok, field.enum!) : parseScalar(tok, mapValueSpec(field));
      }
      if (!tok.trySymbol(";")) tok.trySymbol(",");
    }
    const k = mapKeyToProperty(key ?? scalarZeroValue(field.mapKey, false));
    value ??= mapValueZero(field);
    const boxing = elementBoxing(field);
    setOwnProperty(map, k, boxing === Boxing.None ? value : unboxValue(boxing, value as Message));
  }

  /** Skips the value of a reserved field: scalar, list, or message. */
  private skipFieldValue(depth: number): void {
    const tok = this.tok;
    const colon = tok.trySymbol(":");
    const t = tok.peek();
    if (t.kind === TokenKind.Symbol && t.text === "[") {
      this.parseListOrOne(() => this.skipValue(depth));
    } else if (colon || (t.kind === TokenKind.Symbol && (t.text === "{" || t.text === "<"))) {
      this.skipValue(depth);
    } else {
      throw errorAt(t, `expected ":" or "{" after field name, got ${describeToken(t)}`);
    }
  }

  private skipValue(depth: number): void {
    const tok = this.tok;
    const t = tok.peek();
    if (t.kind === TokenKind.Symbol && (t.text === "{" || t.text === "<")) {
      tok.next();
      if (depth >= this.settings.maxDepth) throw errorAt(t, depthExceeded(this.settings.maxDepth));
      const close = t.text === "{" ? "}" : ">";
      while (!tok.trySymbol(close)) {
        const name = tok.next();
        if (name.kind === TokenKind.Symbol && name.text === "[") {
          while (!tok.trySymbol("]")) {
            const p = tok.next();
            if (p.kind === TokenKind.End) throw errorAt(p, `expected "]", got end of input`);
          }
        } else if (name.kind !== TokenKind.Ident) {
          throw errorAt(name, `expected a field name, got ${describeToken(name)}`);
        }
        this.skipFieldValue(depth + 1);
        if (!tok.trySymbol(";")) tok.trySymbol(",");
      }
      return;
    }
    if (t.kind === TokenKind.String) {
      while (tok.peek().kind === TokenKind.String) tok.next();
      return;
    }
    tok.trySymbol("-");
    const v = tok.next();
    if (v.kind !== TokenKind.Ident && v.kind !== TokenKind.Int && v.kind !== TokenKind.Float) {
      throw errorAt(v, `expected a value, got ${describeToken(v)}`);
    }
  }
}

/** The message of a singular message field, created if not set yet (merged into otherwise). */
function singularMessage(field: AnyField & { fieldKind: "message" }, target: Obj): Obj {
  if (field.oneof !== undefined) {
    const o = target[field.oneof.localName] as { case: string | undefined; value?: Obj };
    if (o.case === field.localName) {
      // A lazy view stays the value; its fields are merged into through the message that holds them.
      return writableForm(typeRecord(field.message), o.value!);
    }
    const sub = zeroMessageFactory(field.message)();
    target[field.oneof.localName] = { case: field.localName, value: sub };
    return sub;
  }
  const current = target[field.localName] as Obj | undefined;
  if (current === undefined) return (target[field.localName] = zeroMessageFactory(field.message)());
  // Merging into a lazy view: it stays in place, and its fields are merged into through the
  // ordinary message that holds them.
  return writableForm(typeRecord(field.message), current);
}

/** The value an extension starts from: its current value when merging, else nothing or []. */
function initialExtensionValue(msg: Obj, ext: DescExtension): unknown {
  if (hasExtension(msg as Message, ext)) return getExtension(msg as Message, ext);
  return ext.fieldKind === "list" ? [] : undefined;
}

function listSpec(field: AnyField & { fieldKind: "list" }): ScalarSpec {
  return { scalar: field.scalar ?? ScalarType.INT32, longAsString: (field as ListFieldObject).longAsString, utf8Validation: field.utf8Validation };
}

function mapValueSpec(field: AnyField & { fieldKind: "map" }): ScalarSpec {
  return { scalar: field.scalar!, longAsString: false, utf8Validation: field.utf8Validation };
}

function mapValueZero(field: AnyField & { fieldKind: "map" }): unknown {
  switch (field.mapKind) {
    case "message":
      return zeroMessageFactory(field.message!)();
    case "enum":
      return enumZero(field.enum!);
    default:
      return scalarZeroValue(field.scalar!, false);
  }
}

function enumZero(desc: DescEnum): number {
  return desc.values[0]?.number ?? 0;
}
