/**
 * ReflectMessage, ReflectList and ReflectMap over pbjet's messages. They are mutually
 * recursive (a message holds lists and maps, which hold messages), so they live together.
 *
 * Reads and writes go through the message's properties, lists and maps, so lazy views read
 * and take writes like any message (see the lazy layer's change model); clearing a field of
 * a view goes to the ordinary message that holds its fields (view protocol).
 */
import type { ListFieldObject } from "../descriptors/list-field.js";
import type { DescEnum, DescField, DescMessage, DescOneof } from "../descriptors/types.js";
import type { Message, UnknownField } from "../types.js";
import { ScalarType } from "../descriptors/scalar.js";
import { ProtobufError } from "../wire/errors.js";
import { protoInt64 } from "../wire/int64.js";
import { Boxing, elementBoxing, fieldBoxing } from "../model/boxing-kind.js";
import { boxValue, unboxValue } from "../model/boxing.js";
import { create } from "../model/create.js";
import { setOwnProperty } from "../model/map-key.js";
import { clearFieldValue, fieldIsSet } from "../model/presence.js";
import { scalarZeroValue } from "../model/scalar-values.js";
import { typeRecord } from "../model/type-record.js";
import { viewProtocolOf, writableForm, type ViewProtocol } from "../model/view-protocol.js";
import { FieldError } from "./error.js";
import { ValueProblem, checkEnum, checkScalar, is64Bit } from "./check.js";
import { describeListType, describeMapType, describeValue } from "../model/describe-value.js";
import { reflectFacts } from "./reflect-facts.js";
import type { ReflectList, ReflectMap, ReflectMessage, ReflectMessageGet } from "./reflect-types.js";
import { unsafeLocal } from "../model/unsafe-local.js";

type Obj = Record<string, unknown>;
type ListField = DescField & { fieldKind: "list" };
type MapField = DescField & { fieldKind: "map" };
type OneofValue = { case: string | undefined; value?: unknown };

/** A ReflectMessage of `message` (of type `desc`). */
export class ReflectMessageImpl implements ReflectMessage {
  readonly desc: DescMessage;
  readonly message: Message;
  /** Whether values are checked when set. */
  private readonly check: boolean;
  /** The message's view protocol if it is a lazy view (null), looked up on first need (undefined). */
  private viewProtocol: ViewProtocol | null | undefined;
  private lists: Map<DescField, ReflectListImpl> | undefined;
  private maps: Map<DescField, ReflectMapImpl> | undefined;

  constructor(desc: DescMessage, message: Message, check: boolean) {
    this.desc = desc;
    this.message = message;
    this.check = check;
    this.viewProtocol = undefined;
    this.lists = undefined;
    this.maps = undefined;
  }

  get [unsafeLocal](): Message {
    return this.message;
  }

  private get view(): ViewProtocol | undefined {
    if (this.viewProtocol === undefined) this.viewProtocol = viewProtocolOf(typeRecord(this.desc), this.message) ?? null;
    return this.viewProtocol ?? undefined;
  }

  get fields(): readonly DescField[] {
    return this.desc.fields;
  }

  get sortedFields(): readonly DescField[] {
    return reflectFacts(this.desc).sortedFields;
  }

  get oneofs(): readonly DescOneof[] {
    return this.desc.oneofs;
  }

  get members(): readonly (DescField | DescOneof)[] {
    return this.desc.members;
  }

  findNumber(number: number): DescField | undefined {
    return reflectFacts(this.desc).byNumber.get(number);
  }

  isSet(field: DescField): boolean {
    this.assertOwn(field);
    const view = this.view;
    return view !== undefined ? view.isFieldSet(this.message, field) : fieldIsSet(this.message as unknown as Obj, field);
  }

  clear(field: DescField): void {
    this.assertOwn(field);
    const msg = this.view !== undefined ? writableForm(typeRecord(this.desc), this.message) : this.message;
    clearFieldValue(msg as unknown as Obj, field);
  }

  oneofCase(oneof: DescOneof): DescField | undefined {
    if (oneof.parent !== this.desc && oneof.parent.typeName !== this.desc.typeName) {
      throw new FieldError(oneof, `cannot use oneof ${oneof.parent.typeName}.${oneof.name} with message ${this.desc.typeName}`, "ForeignFieldError");
    }
    const selected = ((this.message as unknown as Obj)[oneof.localName] as OneofValue).case;
    if (selected === undefined) return undefined;
    for (const f of oneof.fields) if (f.localName === selected) return f;
    return undefined;
  }

  get<Field extends DescField>(field: Field): ReflectMessageGet<Field> {
    this.assertOwn(field);
    const msg = this.message as unknown as Obj;
    switch (field.fieldKind) {
      case "scalar": {
        if (field.oneof !== undefined) {
          // An unselected oneof member reads as the zero value (declared defaults are not used).
          const v = caseValue(msg, field);
          if (v === undefined) return scalarZeroValue(field.scalar, false) as ReflectMessageGet<Field>;
          return (field.longAsString && typeof v === "string" ? toBigInt(field.scalar, v) : v) as ReflectMessageGet<Field>;
        }
        const v = msg[field.localName];
        if (v === undefined) return unsetScalar(field) as ReflectMessageGet<Field>;
        return (field.longAsString && typeof v === "string" ? toBigInt(field.scalar, v) : v) as ReflectMessageGet<Field>;
      }
      case "enum": {
        if (field.oneof !== undefined) return (caseValue(msg, field) ?? field.enum.values[0].number) as ReflectMessageGet<Field>;
        const v = msg[field.localName];
        return (v !== undefined ? v : (field.getDefaultValue() ?? field.enum.values[0].number)) as ReflectMessageGet<Field>;
      }
      case "message": {
        const v = field.oneof === undefined ? msg[field.localName] : caseValue(msg, field);
        return messageToReflect(field.message, fieldBoxing(field), v, this.check) as ReflectMessageGet<Field>;
      }
      case "list": {
        const arr = msg[field.localName] as unknown[];
        const lists = (this.lists ??= new Map());
        let list = lists.get(field);
        if (list === undefined || list.arr !== arr) lists.set(field, (list = new ReflectListImpl(field, arr, this.check)));
        return list as unknown as ReflectMessageGet<Field>;
      }
      default: {
        const obj = msg[field.localName] as Obj;
        const maps = (this.maps ??= new Map());
        let map = maps.get(field);
        if (map === undefined || map.obj !== obj) maps.set(field, (map = new ReflectMapImpl(field as MapField, obj, this.check)));
        return map as unknown as ReflectMessageGet<Field>;
      }
    }
  }

  set<Field extends DescField>(field: Field, value: unknown): void {
    this.assertOwn(field);
    const stored = fieldValueToLocal(field, value, this.check);
    const msg = this.message as unknown as Obj;
    if (field.oneof !== undefined) {
      msg[field.oneof.localName] = { case: field.localName, value: stored };
    } else {
      msg[field.localName] = stored;
    }
  }

  getUnknown(): UnknownField[] | undefined {
    return this.message.$unknown;
  }

  setUnknown(value: UnknownField[]): void {
    this.message.$unknown = value;
  }

  private assertOwn(field: DescField): void {
    const parent = field.parent as DescMessage | undefined;
    if (parent !== this.desc && (field.kind !== "field" || parent?.typeName !== this.desc.typeName)) {
      const name = field.kind === "field" ? `field ${parent?.typeName}.${field.name}` : `extension ${(field as { typeName?: string }).typeName}`;
      throw new FieldError(field, `cannot use ${name} with message ${this.desc.typeName}`, "ForeignFieldError");
    }
  }
}

/** A ReflectList over the array of a list field. */
export class ReflectListImpl implements ReflectList {
  readonly arr: unknown[];
  private readonly _field: ListField;
  private readonly check: boolean;
  /** How message items are held (Struct items are unboxed). */
  private readonly boxing: Boxing;

  constructor(field: ListField, arr: unknown[], check: boolean) {
    this._field = field;
    this.arr = arr;
    this.check = check;
    this.boxing = elementBoxing(field);
  }

  get [unsafeLocal](): unknown[] {
    return this.arr;
  }

  field(): ListField {
    return this._field;
  }

  get size(): number {
    return this.arr.length;
  }

  get(index: number): unknown {
    const v = this.arr[index];
    return v === undefined ? undefined : listItemToReflect(this._field, this.boxing, v, this.check);
  }

  add(item: unknown): void {
    this.arr.push(this.toLocal(item, this.arr.length));
  }

  set(index: number, item: unknown): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.arr.length) {
      throw new FieldError(this._field, `list item #${index + 1}: out of range`);
    }
    this.arr[index] = this.toLocal(item, index);
  }

  clear(): void {
    this.arr.splice(0, this.arr.length);
  }

  [Symbol.iterator](): IterableIterator<unknown> {
    return this.values();
  }

  entries(): IterableIterator<[number, unknown]> {
    return this.items().entries();
  }

  keys(): IterableIterator<number> {
    return this.arr.keys();
  }

  values(): IterableIterator<unknown> {
    return this.items().values();
  }

  /** The items in reflection form: the array itself where no item needs converting. */
  private items(): unknown[] {
    const f = this._field;
    if (f.listKind !== "message" && !(f.listKind === "scalar" && f.longAsString)) return this.arr;
    const out = new Array<unknown>(this.arr.length);
    for (let i = 0; i < out.length; i++) out[i] = listItemToReflect(f, this.boxing, this.arr[i], this.check);
    return out;
  }

  private toLocal(item: unknown, index: number): unknown {
    try {
      return listItemToLocal(this._field, item, this.check);
    } catch (e) {
      throw e instanceof ValueProblem ? new FieldError(this._field, `list item #${index + 1}: ${e.message}`) : e;
    }
  }
}

/** A ReflectMap over the record of a map field. */
export class ReflectMapImpl implements ReflectMap {
  readonly obj: Obj;
  private readonly _field: MapField;
  private readonly check: boolean;
  /** How message values are held (Struct values are unboxed). */
  private readonly boxing: Boxing;

  constructor(field: MapField, obj: Obj, check: boolean) {
    this._field = field;
    this.obj = obj;
    this.check = check;
    this.boxing = elementBoxing(field);
  }

  get [unsafeLocal](): Obj {
    return this.obj;
  }

  get [Symbol.toStringTag](): string {
    return "ReflectMap";
  }

  field(): MapField {
    return this._field;
  }

  get size(): number {
    return Object.keys(this.obj).length;
  }

  has(key: unknown): boolean {
    return Object.prototype.hasOwnProperty.call(this.obj, mapKeyToLocal(key));
  }

  get(key: unknown): unknown {
    const k = mapKeyToLocal(key);
    if (!Object.prototype.hasOwnProperty.call(this.obj, k)) return undefined;
    return mapValueToReflect(this._field, this.boxing, this.obj[k], this.check);
  }

  set(key: unknown, value: unknown): this {
    let k: string;
    try {
      k = mapKeyToLocal(checkMapKey(this._field.mapKey, key, this.check));
    } catch (e) {
      throw e instanceof ValueProblem ? new FieldError(this._field, `invalid map key: ${e.message}`) : e;
    }
    let v: unknown;
    try {
      v = mapValueToLocal(this._field, value, this.check);
    } catch (e) {
      throw e instanceof ValueProblem ? new FieldError(this._field, `map entry ${describeValue(key)}: ${e.message}`) : e;
    }
    setOwnProperty(this.obj, k, v);
    return this;
  }

  delete(key: unknown): boolean {
    const k = mapKeyToLocal(key);
    if (!Object.prototype.hasOwnProperty.call(this.obj, k)) return false;
    delete this.obj[k];
    return true;
  }

  clear(): void {
    for (const k of Object.keys(this.obj)) delete this.obj[k];
  }

  forEach(callback: (value: unknown, key: unknown, map: ReadonlyMap<unknown, unknown>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  [Symbol.iterator](): MapIterator<[unknown, unknown]> {
    return this.entries();
  }

  entries(): MapIterator<[unknown, unknown]> {
    const field = this._field;
    const keys = Object.keys(this.obj);
    const out = new Array<[unknown, unknown]>(keys.length);
    for (let i = 0; i < keys.length; i++) {
      out[i] = [mapKeyToReflect(field.mapKey, keys[i]), mapValueToReflect(field, this.boxing, this.obj[keys[i]], this.check)];
    }
    return out.values() as unknown as MapIterator<[unknown, unknown]>;
  }

  keys(): MapIterator<unknown> {
    const keys: unknown[] = Object.keys(this.obj);
    const type = this._field.mapKey;
    if (type !== ScalarType.STRING) for (let i = 0; i < keys.length; i++) keys[i] = mapKeyToReflect(type, keys[i] as string);
    return keys.values() as unknown as MapIterator<unknown>;
  }

  values(): MapIterator<unknown> {
    const field = this._field;
    const keys = Object.keys(this.obj);
    const out = new Array<unknown>(keys.length);
    for (let i = 0; i < keys.length; i++) out[i] = mapValueToReflect(field, this.boxing, this.obj[keys[i]], this.check);
    return out.values() as unknown as MapIterator<unknown>;
  }
}

// ---------------------------------------------------------------------------------------
// Values: from the form messages hold them in to the reflection form, and back.

function caseValue(msg: Obj, field: DescField): unknown {
  const o = msg[field.oneof!.localName] as OneofValue;
  return o.case === field.localName ? o.value : undefined;
}

function toBigInt(type: ScalarType, v: string): bigint {
  return type === ScalarType.UINT64 || type === ScalarType.FIXED64 ? protoInt64.uParse(v) : protoInt64.parse(v);
}

function unsetScalar(field: DescField & { fieldKind: "scalar" }): unknown {
  const d = field.getDefaultValue();
  if (d === undefined) return scalarZeroValue(field.scalar, false);
  return typeof d === "string" && is64Bit(field.scalar) ? toBigInt(field.scalar, d) : d;
}

/** A ReflectMessage for the value of a message field (or element), which may be unboxed or unset. */
function messageToReflect(desc: DescMessage, boxing: Boxing, value: unknown, check: boolean): ReflectMessage {
  if (value === undefined) return new ReflectMessageImpl(desc, create(desc), check);
  if (boxing !== Boxing.None) return new ReflectMessageImpl(desc, boxValue(boxing, desc, value), check);
  return new ReflectMessageImpl(desc, value as Message, check);
}

/** The message a ReflectMessage value stands for, unboxed as the field holds it. */
function messageToLocal(desc: DescMessage, boxing: Boxing, value: unknown, check: boolean): unknown {
  if (!isReflectMessageOf(value, desc)) {
    if (check || !isReflectMessageOf(value, undefined)) {
      throw new ValueProblem(`expected ReflectMessage (${desc.typeName}), got ${describeValue(value)}`);
    }
  }
  const msg = (value as ReflectMessage).message;
  return boxing === Boxing.None ? msg : unboxValue(boxing, msg);
}

function isReflectMessageOf(value: unknown, desc: DescMessage | undefined): boolean {
  if (typeof value !== "object" || value === null || !(unsafeLocal in value)) return false;
  const d = (value as { desc?: DescMessage }).desc;
  return d !== undefined && (desc === undefined || d.typeName === desc.typeName);
}

function scalarOrEnumToLocal(
  scalar: ScalarType | undefined,
  enumDesc: DescEnum | undefined,
  longAsString: boolean,
  value: unknown,
  check: boolean,
): unknown {
  if (enumDesc !== undefined) return checkEnum(enumDesc, value, check);
  const v = checkScalar(scalar!, value, check);
  return longAsString && typeof v === "bigint" ? v.toString() : v;
}

/** The value a field holds for `value` given in reflection form; throws a FieldError if it does not fit. */
function fieldValueToLocal(field: DescField, value: unknown, check: boolean): unknown {
  try {
    switch (field.fieldKind) {
      case "scalar":
        return scalarOrEnumToLocal(field.scalar, undefined, field.longAsString, value, check);
      case "enum":
        return checkEnum(field.enum, value, check);
      case "message":
        return messageToLocal(field.message, fieldBoxing(field), value, check);
      case "list":
        if (!isReflectList(value, field) && (check || !isReflectList(value, undefined))) {
          throw new ValueProblem(`expected ReflectList (${describeListType(field)}), got ${describeValue(value)}`);
        }
        return (value as ReflectList)[unsafeLocal];
      default:
        if (!isReflectMap(value, field as MapField) && (check || !isReflectMap(value, undefined))) {
          throw new ValueProblem(`expected ReflectMap (${describeMapType(field as MapField)}), got ${describeValue(value)}`);
        }
        return (value as ReflectMap)[unsafeLocal];
    }
  } catch (e) {
    throw e instanceof ValueProblem ? new FieldError(field, e.message) : e;
  }
}

function listItemToReflect(field: ListField, boxing: Boxing, v: unknown, check: boolean): unknown {
  switch (field.listKind) {
    case "message":
      return messageToReflect(field.message!, boxing, v, check);
    case "scalar":
      return field.longAsString && typeof v === "string" ? toBigInt(field.scalar!, v) : v;
    default:
      return v;
  }
}

function listItemToLocal(field: ListField, item: unknown, check: boolean): unknown {
  if (field.listKind === "message") return messageToLocal(field.message!, elementBoxing(field), item, check);
  return scalarOrEnumToLocal(field.scalar, field.enum, (field as ListFieldObject).longAsString, item, check);
}

function mapValueToReflect(field: MapField, boxing: Boxing, v: unknown, check: boolean): unknown {
  if (field.mapKind === "message") return messageToReflect(field.message!, boxing, v, check);
  return v;
}

function mapValueToLocal(field: MapField, value: unknown, check: boolean): unknown {
  if (field.mapKind === "message") return messageToLocal(field.message!, elementBoxing(field), value, check);
  return scalarOrEnumToLocal(field.scalar, field.enum, false, value, check);
}

function checkMapKey(type: ScalarType, key: unknown, check: boolean): unknown {
  return checkScalar(type, key, check);
}

/** The property of a map record for a key given as string, number, bigint or boolean. */
function mapKeyToLocal(key: unknown): string {
  return String(key);
}

/** A map record's property as a key of the map's key type. */
function mapKeyToReflect(type: ScalarType, key: string): unknown {
  switch (type) {
    case ScalarType.STRING:
      return key;
    case ScalarType.BOOL:
      return key === "true";
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return toBigInt(type, key);
    default:
      return Number(key);
  }
}

/** True if `arg` is a ReflectList; with `field`, one whose items have the field's type. */
export function isReflectList(arg: unknown, field?: ListField): arg is ReflectList {
  if (typeof arg !== "object" || arg === null || !(unsafeLocal in arg)) return false;
  const f = typeof (arg as { field?: unknown }).field === "function" ? (arg as ReflectList).field() : undefined;
  if (f?.fieldKind !== "list") return false;
  return field === undefined || sameValueType(f, field);
}

/** True if `arg` is a ReflectMap; with `field`, one whose keys and values have the field's types. */
export function isReflectMap(arg: unknown, field?: MapField): arg is ReflectMap {
  if (typeof arg !== "object" || arg === null || !(unsafeLocal in arg)) return false;
  const f = typeof (arg as { field?: unknown }).field === "function" ? (arg as ReflectMap).field() : undefined;
  if (f?.fieldKind !== "map") return false;
  return field === undefined || (f.mapKey === field.mapKey && sameValueType(f, field));
}

/** True if `arg` is a ReflectMessage; with `messageDesc`, one of that type. */
export function isReflectMessage(arg: unknown, messageDesc?: DescMessage): arg is ReflectMessage {
  return isReflectMessageOf(arg, messageDesc);
}

function sameValueType(a: ListField | MapField, b: ListField | MapField): boolean {
  if (a.message !== undefined || b.message !== undefined) return a.message?.typeName === b.message?.typeName;
  if (a.enum !== undefined || b.enum !== undefined) return a.enum?.typeName === b.enum?.typeName;
  return a.scalar === b.scalar;
}

/** Throws if `message` is not of type `desc` (a message of another type would be read wrongly). */
export function assertMessageOf(desc: DescMessage, message: Message): void {
  if (message.$typeName !== desc.typeName) {
    throw new ProtobufError(`cannot reflect ${message.$typeName} with the schema of ${desc.typeName}`);
  }
}
