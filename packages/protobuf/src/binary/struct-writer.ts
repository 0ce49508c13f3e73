/**
 * Writes the value of an unboxed google.protobuf.Struct field (a JSON object) straight to the
 * wire, without building Struct, Value and ListValue messages first. The bytes are those of
 * the messages jsonToStruct() (model/boxing.ts) would build, as the compiled encoder writes
 * them: each map entry with its key and its value, in the object's key order; each Value with
 * the one member its JSON type selects (written also when zero: it is a oneof member).
 *
 * google.protobuf.Struct:    1: map<string, Value> fields   (entry: 1 key, 2 value)
 * google.protobuf.Value:     1: NullValue null_value, 2: double number_value,
 *                            3: string string_value, 4: bool bool_value,
 *                            5: Struct struct_value, 6: ListValue list_value
 * google.protobuf.ListValue: 1: repeated Value values
 */
import type { DescMessage } from "../descriptors/types.js";
import type { JsonObject, JsonValue } from "../types.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { WireType } from "../wire/wire-type.js";
import { notJsonValue, valueDescOf } from "../model/boxing.js";

/**
 * The writer of a Struct field's JSON object with the field's tag (number `no`; a group if
 * `delimited`). Throws, as jsonToStruct() does, if the type does not have Struct's shape.
 */
export function structFieldWriter(desc: DescMessage, no: number, delimited: boolean): (v: JsonObject, w: BinaryWriter) => void {
  valueDescOf(desc);
  return (v, w) => {
    if (delimited) w.tag(no, WireType.StartGroup);
    else w.tag(no, WireType.LengthDelimited).fork();
    writeStruct(w, v);
    if (delimited) w.tag(no, WireType.EndGroup);
    else w.join();
  };
}

/** Writes the fields of a Struct that holds `json`: an entry (0x0a) of key (0x0a) and value (0x12) each. */
function writeStruct(w: BinaryWriter, json: JsonObject): void {
  for (const key of Object.keys(json)) {
    w.rawTag(0x0a).fork().rawTag(0x0a).string(key).rawTag(0x12).fork();
    writeValue(w, json[key]);
    w.join().join();
  }
}

/** Writes the fields of a Value that holds `json`: the member its JSON type selects. */
function writeValue(w: BinaryWriter, json: JsonValue): void {
  const type = typeof json;
  if (type === "number") w.rawTag(0x11).double(json as number);
  else if (type === "string") w.rawTag(0x1a).string(json as string);
  else if (type === "boolean") w.rawTag(0x20).bool(json as boolean);
  else if (json === null) w.rawTag(0x08).int32(0);
  else if (type !== "object") throw notJsonValue(json);
  else if (Array.isArray(json)) {
    // list_value: each element a Value of ListValue.values (0x0a).
    w.rawTag(0x32).fork();
    for (const element of json) {
      w.rawTag(0x0a).fork();
      writeValue(w, element);
      w.join();
    }
    w.join();
  } else {
    w.rawTag(0x2a).fork();
    writeStruct(w, json as JsonObject);
    w.join();
  }
}
