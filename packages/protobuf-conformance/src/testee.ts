/**
 * The conformance testee: reads length-prefixed ConformanceRequest messages from stdin and
 * writes length-prefixed ConformanceResponse messages to stdout until stdin closes.
 */
import { readSync, writeSync } from "node:fs";
// Lazy decoding is opt-in: this suite uses it.
import "@pbjet/protobuf/lazy";
import * as pb from "@pbjet/protobuf";
import type { DescMessage, Message } from "@pbjet/protobuf";
import {
  ConformanceRequestSchema as RequestSchema,
  ConformanceResponseSchema as ResponseSchema,
  FailureSetSchema,
  WireFormat,
  TestCategory,
  type ConformanceRequest,
  type ConformanceResponse,
} from "./gen/conformance/conformance_pb.js";
import * as proto2 from "./gen/google/protobuf/test_messages_proto2_pb.js";
import * as proto3 from "./gen/google/protobuf/test_messages_proto3_pb.js";
import * as proto2Editions from "./gen/google/protobuf/test_messages_proto2_editions_pb.js";
import * as proto3Editions from "./gen/google/protobuf/test_messages_proto3_editions_pb.js";
import * as edition2023 from "./gen/google/protobuf/test_messages_edition2023_pb.js";
import * as proto2Aot from "./gen-aot/google/protobuf/test_messages_proto2_pb.js";
import * as proto3Aot from "./gen-aot/google/protobuf/test_messages_proto3_pb.js";
import * as proto2EditionsAot from "./gen-aot/google/protobuf/test_messages_proto2_editions_pb.js";
import * as proto3EditionsAot from "./gen-aot/google/protobuf/test_messages_proto3_editions_pb.js";
import * as edition2023Aot from "./gen-aot/google/protobuf/test_messages_edition2023_pb.js";
import {
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
} from "@pbjet/protobuf/wkt";

// With PBJET_CONFORMANCE_AOT=1, the test messages come from the code generated with aot=true
// (ahead-of-time binary and JSON codecs in the generated code), else from the default generated code.
const aot = process.env.PBJET_CONFORMANCE_AOT === "1";
const testFiles = aot
  ? [proto2Aot, proto3Aot, proto2EditionsAot, proto3EditionsAot, edition2023Aot]
  : [proto2, proto3, proto2Editions, proto3Editions, edition2023];
const aotKeys = aot ? Object.getOwnPropertySymbols(proto3Aot.TestAllTypesProto3Schema).map((s) => s.description) : [];
if (aot && (!aotKeys.includes("pbjet.aotBinary") || !aotKeys.includes("pbjet.aotJson"))) {
  throw new Error("PBJET_CONFORMANCE_AOT=1, but src/gen-aot has no ahead-of-time binary and JSON codecs (regenerate with aot=true)");
}

// Every message type the runner may ask for, from the code our protoc-gen-es generated.
const registry = pb.createRegistry(
  ...testFiles.map((f) => Object.values(f).find((v): v is pb.DescFile => typeof v === "object" && v !== null && (v as pb.DescFile).kind === "file")!),
  // The well-known types, which google.protobuf.Any in JSON input and output refers to.
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
);

type Result = ConformanceResponse["result"];

// With PBJET_CONFORMANCE_LAZY=1, every binary input is decoded lazily (a view), read through
// into an ordinary message. With PBJET_CONFORMANCE_LAZY=write, every binary input is decoded
// lazily, every field that is set is written back into the view (re-setting each value, at
// every depth), and the view itself is encoded.
const lazy = process.env.PBJET_CONFORMANCE_LAZY === "1";
const lazyWrite = process.env.PBJET_CONFORMANCE_LAZY === "write";

function handle(req: ConformanceRequest): Result {
  if (req.messageType === "conformance.FailureSet") {
    return { case: "protobufPayload", value: pb.toBinary(FailureSetSchema, pb.create(FailureSetSchema)) };
  }
  const schema = registry.getMessage(req.messageType);
  if (!schema) return { case: "runtimeError", value: `unknown message type ${req.messageType}` };

  let msg: Message;
  try {
    switch (req.payload.case) {
      case "protobufPayload":
        // Lazily: decode a view, then read every field through it into an ordinary message,
        // which re-encodes canonically (an untouched view would be written as its input).
        if (lazyWrite) msg = writeBack(schema, pb.fromBinary(schema, req.payload.value, { lazy: true }));
        else
          msg = lazy ? readThroughView(schema, pb.fromBinary(schema, req.payload.value, { lazy: true })) : pb.fromBinary(schema, req.payload.value);
        break;
      case "jsonPayload":
        msg = pb.fromJsonString(schema, req.payload.value, {
          registry,
          ignoreUnknownFields: req.testCategory === TestCategory.JSON_IGNORE_UNKNOWN_PARSING_TEST,
        });
        break;
      case "textPayload":
        msg = pb.fromText(schema, req.payload.value, { registry });
        break;
      case "jspbPayload":
        return { case: "skipped", value: "JSPB is not a format pbjet offers" };
      default:
        return { case: "runtimeError", value: "request has no payload" };
    }
  } catch (e) {
    return { case: "parseError", value: String(e) };
  }

  try {
    switch (req.requestedOutputFormat) {
      case WireFormat.PROTOBUF:
        return { case: "protobufPayload", value: pb.toBinary(schema, msg) };
      case WireFormat.JSON:
        return { case: "jsonPayload", value: pb.toJsonString(schema, msg, { registry }) };
      case WireFormat.TEXT_FORMAT:
        return { case: "textPayload", value: pb.toText(schema, msg, { registry, printUnknownFields: req.printUnknownFields }) };
      case WireFormat.JSPB:
        return { case: "skipped", value: "JSPB is not a format pbjet offers" };
      default:
        return { case: "runtimeError", value: `unknown output format ${req.requestedOutputFormat}` };
    }
  } catch (e) {
    return { case: "serializeError", value: String(e) };
  }
}

/** Copies a lazy view into an ordinary message by reading every field through the view. */
function readThroughView(schema: DescMessage, view: Message): Message {
  const msg = pb.toMutable(schema, view) as unknown as Record<string, unknown>;
  const deep = (desc: DescMessage | undefined, v: unknown): unknown =>
    desc !== undefined && pb.isLazyMessage(v) ? readThroughView(desc, v as Message) : v;
  for (const member of schema.members) {
    const v = msg[member.localName];
    if (member.kind === "oneof") {
      const o = v as { case: string | undefined; value?: unknown };
      const field = member.fields.find((f) => f.localName === o.case);
      if (field !== undefined) o.value = deep(field.message, o.value);
    } else if (member.fieldKind === "list") {
      msg[member.localName] = (v as unknown[]).map((e) => deep(member.message, e));
    } else if (member.fieldKind === "map") {
      const map = v as Record<string, unknown>;
      for (const k of Object.keys(map)) map[k] = deep(member.message, map[k]);
    } else if (member.fieldKind === "message") {
      msg[member.localName] = deep(member.message, v);
    }
  }
  return msg as unknown as Message;
}

/** google.protobuf.FeatureSet.FieldPresence.IMPLICIT */
const IMPLICIT_PRESENCE = 2;

/**
 * Writes every field of a message back into it (each value re-set: lists and maps as copies,
 * oneofs as new objects), after doing the same in its sub-messages; fields with explicit
 * presence only if they are set. On a lazy view,
 * every write goes through the view's setters.
 */
function writeBack(schema: DescMessage, msg: Message): Message {
  const m = msg as unknown as Record<string, unknown>;
  const deep = (desc: DescMessage | undefined, v: unknown): unknown =>
    desc !== undefined && typeof v === "object" && v !== null && typeof (v as { $typeName?: unknown }).$typeName === "string"
      ? writeBack(desc, v as Message)
      : v;
  for (const member of schema.members) {
    if (member.kind === "oneof") {
      const o = m[member.localName] as { case: string | undefined; value?: unknown };
      const field = member.fields.find((f) => f.localName === o.case);
      if (field !== undefined) m[member.localName] = { case: o.case, value: deep(field.message, o.value) };
      continue;
    }
    // Unset fields with explicit presence (and unset messages) are left alone: writing them
    // would set them. Lists, maps and fields with implicit presence are always written back.
    const implicit = member.presence === IMPLICIT_PRESENCE && member.fieldKind !== "message";
    if (member.fieldKind !== "list" && member.fieldKind !== "map" && !implicit && !pb.isFieldSet(msg, member)) continue;
    const v = m[member.localName];
    if (member.fieldKind === "list") {
      m[member.localName] = (v as unknown[]).map((e) => deep(member.message, e));
    } else if (member.fieldKind === "map") {
      const map = v as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      for (const k of Object.keys(map))
        Object.defineProperty(copy, k, { value: deep(member.message, map[k]), enumerable: true, writable: true, configurable: true });
      m[member.localName] = copy;
    } else {
      m[member.localName] = deep(member.message, v);
    }
  }
  return msg;
}

/** Reads exactly n bytes from stdin, or returns undefined at end of input. */
function readExactly(n: number): Uint8Array | undefined {
  const buf = new Uint8Array(n);
  let off = 0;
  while (off < n) {
    let got: number;
    try {
      got = readSync(0, buf, off, n - off, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") continue;
      if ((e as NodeJS.ErrnoException).code === "EOF") return undefined;
      throw e;
    }
    if (got === 0) {
      if (off === 0) return undefined;
      throw new Error(`stdin closed after ${off} of ${n} bytes`);
    }
    off += got;
  }
  return buf;
}

function writeAll(bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(1, bytes, off, bytes.length - off);
}

for (;;) {
  const lenBytes = readExactly(4);
  if (!lenBytes) break;
  const len = new DataView(lenBytes.buffer).getUint32(0, true);
  const reqBytes = readExactly(len);
  if (!reqBytes) throw new Error("stdin closed inside a request");
  const req = pb.fromBinary(RequestSchema, reqBytes);
  const resp = pb.create(ResponseSchema, { result: handle(req) });
  const out = pb.toBinary(ResponseSchema, resp);
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, out.length, true);
  writeAll(prefix);
  writeAll(out);
}
