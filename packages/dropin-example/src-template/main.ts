// A small program written against the protobuf-es v2 API, the way a protobuf-es user writes it.
// scripts/check.mjs compiles and runs it twice: as is, with @bufbuild/protobuf and code from
// @bufbuild/protoc-gen-es, and with "@bufbuild/protobuf" replaced by "@pbjet/protobuf" and code
// from @pbjet/protoc-gen-es. Both runs must print the same.
import {
  clearExtension,
  clearField,
  clone,
  create,
  createFileRegistry,
  createRegistry,
  enumFromJson,
  enumToJson,
  equals,
  fromBinary,
  fromJson,
  fromJsonString,
  getExtension,
  hasExtension,
  isEnumJson,
  isFieldSet,
  isMessage,
  mergeFromBinary,
  protoInt64,
  setExtension,
  toBinary,
  toJson,
  toJsonString,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import { TimestampSchema, type Timestamp } from "@bufbuild/protobuf/wkt";
import {
  file_shop_v1_shop,
  LineItemSchema,
  OrderSchema,
  OrderStatus,
  OrderStatusSchema,
  Order_BankTransferSchema,
  type LineItem,
  type Order,
  type OrderJson,
} from "./gen/shop/v1/shop_pb.js";
import {
  assignee,
  Audit_audit,
  AuditSchema,
  file_legacy_v1_legacy,
  linked_ids,
  Priority,
  TicketSchema,
  type Ticket,
} from "./gen/legacy/v1/legacy_pb.js";

const out: string[] = [];
function show(label: string, value: unknown): void {
  out.push(`${label}: ${typeof value === "string" ? value : JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}`);
}
function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- enums: TypeScript enum semantics --------------------------------------------------------
function describeStatus(status: OrderStatus): string {
  switch (status) {
    case OrderStatus.UNSPECIFIED:
      return "unspecified";
    case OrderStatus.PENDING:
      return "pending";
    case OrderStatus.SHIPPED:
      return "shipped";
    case OrderStatus.CANCELLED:
      return "cancelled";
  }
  return "unknown";
}
const shipped: OrderStatus = OrderStatus.SHIPPED;
const pendingOnly: OrderStatus.PENDING = OrderStatus.PENDING;
show("enum value", shipped);
show("enum name", OrderStatus[shipped]);
show("enum reverse", OrderStatus[OrderStatus.CANCELLED]);
show("enum member type", pendingOnly);
show("enum switch", [OrderStatus.UNSPECIFIED, OrderStatus.PENDING, OrderStatus.SHIPPED].map(describeStatus));
show("proto2 enum", [Priority.LOW, Priority.HIGH, Priority[Priority.HIGH]]);
show("enum json", [enumToJson(OrderStatusSchema, OrderStatus.SHIPPED), enumFromJson(OrderStatusSchema, "ORDER_STATUS_PENDING")]);
show("isEnumJson", [isEnumJson(OrderStatusSchema, "ORDER_STATUS_SHIPPED"), isEnumJson(OrderStatusSchema, "SHIPPED")]);
show(
  "enum schema",
  OrderStatusSchema.values.map((v) => `${v.name}=${v.number}`),
);

// --- messages ----------------------------------------------------------------------------------
const createdAt: Timestamp = create(TimestampSchema, { seconds: protoInt64.parse("1700000000"), nanos: 500_000_000 });
const itemInit: MessageInitShape<typeof LineItemSchema> = {
  sku: "tea-green",
  quantity: 3,
  unitPrice: { currency: "EUR", units: 4n, nanos: 250_000_000 },
};
const order: Order = create(OrderSchema, {
  id: "o-1",
  status: OrderStatus.PENDING,
  items: [itemInit, create(LineItemSchema, { sku: "mug", quantity: 1 })],
  reservations: { "tea-green": 3, mug: 1 },
  createdAt,
  payment: { case: "cardToken", value: "tok_123" },
  history: [OrderStatus.UNSPECIFIED, OrderStatus.PENDING],
  discount: 0.25,
});
show("typeName", order.$typeName);
show("default fields", [create(OrderSchema).id, create(OrderSchema).status, create(OrderSchema).items.length, create(OrderSchema).note]);
show("optional unset", [order.note === undefined, isFieldSet(order, OrderSchema.field.note)]);
order.note = "leave at the door";
show("optional set", [order.note, isFieldSet(order, OrderSchema.field.note)]);
show(
  "isFieldSet",
  OrderSchema.fields.map((f) => `${f.localName}=${isFieldSet(order, f)}`),
);

const bytes = toBinary(OrderSchema, order);
show("binary", hex(bytes));
const decoded = fromBinary(OrderSchema, bytes);
show("decoded equals", equals(OrderSchema, order, decoded));
show("decoded item", [decoded.items[0].sku, decoded.items[0].unitPrice?.units, decoded.createdAt?.seconds]);

// oneof: a discriminated union
if (decoded.payment.case === "cardToken") {
  const token: string = decoded.payment.value;
  show("oneof", token);
}
const copy = clone(OrderSchema, decoded);
copy.payment = { case: "bankTransfer", value: create(Order_BankTransferSchema, { iban: "DE00", reference: new Uint8Array([1, 2, 255]) }) };
show("clone differs", [equals(OrderSchema, decoded, copy), copy.payment.case, decoded.payment.case]);
switch (copy.payment.case) {
  case "bankTransfer":
    show("oneof message", hex(copy.payment.value.reference));
    break;
  default:
    show("oneof message", "none");
}
copy.payment = { case: undefined };
show("cleared oneof", copy.payment.case ?? "undefined");
clearField(copy, OrderSchema.field.items);
show("cleared list", copy.items.length);

// maps and repeated fields
const quantities = Object.entries(decoded.reservations).sort(([a], [b]) => a.localeCompare(b));
show("map", quantities);
show(
  "repeated enum",
  decoded.history.map((s) => OrderStatus[s]),
);

// merging
const partial = create(OrderSchema, { id: "o-2", items: [{ sku: "spoon" }] });
mergeFromBinary(OrderSchema, partial, toBinary(OrderSchema, create(OrderSchema, { items: [{ sku: "fork" }], discount: 1.5 })));
show("merged", [partial.id, partial.items.map((i: LineItem) => i.sku), partial.discount]);

// isMessage
show("isMessage", [isMessage(order, OrderSchema), isMessage(order, LineItemSchema), isMessage({}, OrderSchema), isMessage(order)]);

// typed shapes
type OrderShape = MessageShape<typeof OrderSchema>;
const shape: OrderShape = decoded;
show("shape", shape.items.length);

// --- JSON --------------------------------------------------------------------------------------
const json = toJson(OrderSchema, order);
const typedJson: OrderJson = {
  id: "o-3",
  status: "ORDER_STATUS_SHIPPED",
  reservations: { a: 1 },
  discount: "NaN",
  createdAt: "2024-01-02T03:04:05Z",
};
show("typed json", toJsonString(OrderSchema, fromJson(OrderSchema, typedJson)));
show("toJson", json);
show("toJsonString", toJsonString(OrderSchema, order));
show("toJsonString defaults", toJsonString(OrderSchema, create(OrderSchema, { id: "z" }), { alwaysEmitImplicit: true }));
show("toJson options", toJson(OrderSchema, order, { useProtoFieldName: true, enumAsInteger: true }));
const fromJ = fromJson(OrderSchema, json);
show("fromJson equals", equals(OrderSchema, order, fromJ));
const fromS = fromJsonString(
  OrderSchema,
  '{"id":"o-9","status":"ORDER_STATUS_CANCELLED","createdAt":"2024-01-02T03:04:05.006Z","reservations":{"a":1}}',
);
show("fromJsonString", [fromS.id, fromS.status, fromS.createdAt?.seconds, fromS.createdAt?.nanos, fromS.reservations]);
show("timestamp json", toJson(TimestampSchema, createdAt));

// --- proto2: defaults, required, extensions ----------------------------------------------------
const ticket: Ticket = create(TicketSchema, { title: "Fix the build", labels: ["ci"] });
show("proto2 defaults", [ticket.estimate, ticket.priority, isFieldSet(ticket, TicketSchema.field.estimate)]);
setExtension(ticket, assignee, "homer");
setExtension(ticket, linked_ids, [7, 8]);
setExtension(ticket, Audit_audit, create(AuditSchema, { who: "burns", at: -5n }));
show("hasExtension", [hasExtension(ticket, assignee), hasExtension(ticket, linked_ids), hasExtension(ticket, Audit_audit)]);
const ticketBytes = toBinary(TicketSchema, ticket);
show("proto2 binary", hex(ticketBytes));
const ticket2 = fromBinary(TicketSchema, ticketBytes);
show("getExtension", [getExtension(ticket2, assignee), getExtension(ticket2, linked_ids), getExtension(ticket2, Audit_audit)]);
clearExtension(ticket2, assignee);
show("clearExtension", [hasExtension(ticket2, assignee), getExtension(ticket2, assignee)]);

// --- registries --------------------------------------------------------------------------------
const registry = createRegistry(file_shop_v1_shop, file_legacy_v1_legacy);
show("registry message", registry.getMessage("shop.v1.Order")?.fields.length);
show(
  "registry enum",
  registry.getEnum("legacy.v1.Priority")?.values.map((v) => v.localName),
);
show("registry extension", registry.getExtension("legacy.v1.Audit.audit")?.number);
show("registry extensionFor", registry.getExtensionFor(TicketSchema, 101)?.name);
show("toJson with registry", toJson(TicketSchema, ticket, { registry }));
show("fromJson with registry", getExtension(fromJson(TicketSchema, { title: "t", "[legacy.v1.assignee]": "marge" }, { registry }), assignee));
const fileRegistry = createFileRegistry(file_shop_v1_shop.proto, (name) =>
  name === "google/protobuf/timestamp.proto" ? TimestampSchema.file : undefined,
);
show("file registry", [...fileRegistry.files].map((f) => f.name).sort());
const dynamicOrder = fileRegistry.getMessage("shop.v1.Order");
if (dynamicOrder) {
  show("dynamic decode", toJson(dynamicOrder, fromBinary(dynamicOrder, bytes)));
}

// --- reflection on generated descriptors -------------------------------------------------------
show("file", [file_shop_v1_shop.name, file_shop_v1_shop.messages.map((m) => m.name), file_legacy_v1_legacy.extensions.map((e) => e.name)]);
show(
  "field kinds",
  OrderSchema.fields.map((f) => `${f.name}:${f.fieldKind}`),
);
show(
  "oneof",
  OrderSchema.oneofs.map((o) => [o.name, o.fields.map((f) => f.localName)]),
);
show("field access", [
  OrderSchema.field.createdAt.message?.typeName,
  OrderSchema.field.reservations.fieldKind,
  TicketSchema.field.priority.enum?.typeName,
]);

console.log(out.join("\n"));
