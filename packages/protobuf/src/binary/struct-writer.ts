/**
 * Writes the JSON form of google.protobuf.Struct (what unboxed Struct fields hold) straight to
 * the wire, without building the Struct, Value and ListValue messages first. The bytes are
 * exactly those of the messages jsonToStruct() builds, encoded by the compiled encoder:
 * entries in key order of the object, each with its key and its value; a Value with the one
 * member its JSON type selects (written even when zero: it is a oneof member). As everywhere
 * in the runtime (model/boxing.ts), a message named google.protobuf.Struct is taken to be the
 * well-known type:
 *
 * google.protobuf.Struct:    1: map<string, Value> fields   (entry: 1 key, 2 value)
 * google.protobuf.Value:     1: NullValue null_value, 2: double number_value,
 *                            3: string string_value, 4: bool bool_value,
 *                            5: Struct struct_value, 6: ListValue list_value
 * google.protobuf.ListValue: 1: repeated Value values
 */
import type { JsonObject, JsonValue } from "../types.js";
import type { BinaryWriter } from "../wire/binary-writer.js";
import { ProtobufError } from "../wire/errors.js";

// Tags: (field number << 3) | wire type.
const ENTRY = 0x0a; // Struct.fields (1, length-delimited); also ListValue.values
const ENTRY_KEY = 0x0a; // entry key (1, length-delimited)
const ENTRY_VALUE = 0x12; // entry value (2, length-delimited)
const NULL_VALUE = 0x08; // Value.null_value (1, varint)
const NUMBER_VALUE = 0x11; // Value.number_value (2, 64-bit)
const STRING_VALUE = 0x1a; // Value.string_value (3, length-delimited)
const BOOL_VALUE = 0x20; // Value.bool_value (4, varint)
const STRUCT_VALUE = 0x2a; // Value.struct_value (5, length-delimited)
const LIST_VALUE = 0x32; // Value.list_value (6, length-delimited)

/** Writes the fields of a google.protobuf.Struct that holds `json` (no tag, no length). */
export function writeStructJson(w: BinaryWriter, json: JsonObject): void {
  const keys = Object.keys(json);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    w.rawTag(ENTRY).fork().rawTag(ENTRY_KEY).string(key).rawTag(ENTRY_VALUE).fork();
    writeValueJson(w, json[key]);
    w.join().join();
  }
}

/** Writes the fields of a google.protobuf.Value that holds `json`. */
function writeValueJson(w: BinaryWriter, json: JsonValue): void {
  if (json === null) {
    w.rawTag(NULL_VALUE).int32(0);
    return;
  }
  switch (typeof json) {
    case "number":
      w.rawTag(NUMBER_VALUE).double(json);
      return;
    case "string":
      w.rawTag(STRING_VALUE).string(json);
      return;
    case "boolean":
      w.rawTag(BOOL_VALUE).bool(json);
      return;
    case "object":
      if (Array.isArray(json)) {
        w.rawTag(LIST_VALUE).fork();
        for (let i = 0; i < json.length; i++) {
          w.rawTag(ENTRY).fork();
          writeValueJson(w, json[i]);
          w.join();
        }
        w.join();
      } else {
        w.rawTag(STRUCT_VALUE).fork();
        writeStructJson(w, json);
        w.join();
      }
      return;
  }
  // As jsonToStruct() (model/boxing.ts) rejects it.
  throw new ProtobufError(`cannot represent ${typeof json} in google.protobuf.Value`);
}
