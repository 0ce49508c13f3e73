// Named-field walks over an OTLP logs export, for src/lazy-ab.ts: read every field, or change
// every field, through property names written out (`record.severityText = "ERROR"`), as an
// application would (the generic walks of lazy-walk.ts use computed names). Oneofs: the
// selected member's value is read; a scalar member is changed through a new oneof object.

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

function readValue(v: Any): number {
  if (v === undefined) return 0;
  const o = v.value;
  switch (o.case) {
    case undefined:
      return 1;
    case "arrayValue": {
      let n = 1;
      for (const e of o.value.values) n += readValue(e);
      return n;
    }
    case "kvlistValue":
      return 1 + readAttrs(o.value.values);
    case "stringValue":
    case "bytesValue":
      return 1 + o.value.length;
    default:
      return 2;
  }
}

function readAttrs(list: Any[]): number {
  let n = 0;
  for (const kv of list) n += kv.key.length + readValue(kv.value);
  return n;
}

/** Reads every field of a logs export by name; returns a checksum. */
export function readLogsNamed(m: Any): number {
  let n = 0;
  for (const rl of m.resourceLogs) {
    if (rl.resource !== undefined) n += readAttrs(rl.resource.attributes) + rl.resource.droppedAttributesCount;
    n += rl.schemaUrl.length;
    for (const sl of rl.scopeLogs) {
      const s = sl.scope;
      if (s !== undefined) n += s.name.length + s.version.length + readAttrs(s.attributes) + s.droppedAttributesCount;
      n += sl.schemaUrl.length;
      for (const r of sl.logRecords) {
        n += Number(r.timeUnixNano & 1n) + Number(r.observedTimeUnixNano & 1n) + r.severityNumber + r.severityText.length;
        n += readValue(r.body) + readAttrs(r.attributes) + r.droppedAttributesCount + r.flags;
        n += r.traceId.length + r.spanId.length + r.eventName.length;
      }
    }
  }
  return n;
}

function modValue(v: Any): void {
  if (v === undefined) return;
  const o = v.value;
  switch (o.case) {
    case "arrayValue":
      for (const e of o.value.values) modValue(e);
      break;
    case "kvlistValue":
      modAttrs(o.value.values);
      break;
    case "stringValue":
      v.value = { case: "stringValue", value: o.value + "x" };
      break;
    case "boolValue":
      v.value = { case: "boolValue", value: !o.value };
      break;
    case "intValue":
      v.value = { case: "intValue", value: o.value + 1n };
      break;
    case "doubleValue":
      v.value = { case: "doubleValue", value: o.value + 1 };
      break;
    case "bytesValue":
      v.value = { case: "bytesValue", value: new Uint8Array(o.value.length + 1) };
      break;
  }
}

function modAttrs(list: Any[]): void {
  for (const kv of list) {
    kv.key = kv.key + "x";
    modValue(kv.value);
  }
}

/** Changes every field of a logs export by name (no message added or removed). */
export function modifyLogsNamed(m: Any): void {
  for (const rl of m.resourceLogs) {
    if (rl.resource !== undefined) {
      modAttrs(rl.resource.attributes);
      rl.resource.droppedAttributesCount = rl.resource.droppedAttributesCount + 1;
    }
    rl.schemaUrl = rl.schemaUrl + "x";
    for (const sl of rl.scopeLogs) {
      const s = sl.scope;
      if (s !== undefined) {
        s.name = s.name + "x";
        s.version = s.version + "x";
        modAttrs(s.attributes);
        s.droppedAttributesCount = s.droppedAttributesCount + 1;
      }
      sl.schemaUrl = sl.schemaUrl + "x";
      for (const r of sl.logRecords) {
        r.timeUnixNano = r.timeUnixNano + 1n;
        r.observedTimeUnixNano = r.observedTimeUnixNano + 1n;
        r.severityNumber = r.severityNumber === 17 ? 13 : 17;
        r.severityText = r.severityText === "ERROR" ? "WARN" : "ERROR";
        modValue(r.body);
        modAttrs(r.attributes);
        r.droppedAttributesCount = r.droppedAttributesCount + 1;
        r.flags = r.flags ^ 1;
        r.traceId = new Uint8Array(16);
        r.spanId = new Uint8Array(8);
        r.eventName = r.eventName + "x";
      }
    }
  }
}
