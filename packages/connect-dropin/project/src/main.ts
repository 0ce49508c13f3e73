// A Connect server and clients for every protocol Connect speaks (Connect binary and JSON,
// gRPC, gRPC-web binary and JSON), over HTTP/2 and HTTP/1.1, each making a unary, a
// server-streaming, a client-streaming and a bidi call (where the protocol and HTTP version
// allow them), with exact checks of every answer. The code is written against protobuf-es v2
// and Connect v2: it imports "@bufbuild/protobuf", which npm overrides resolve to pbjet.
//
// Exits non-zero on the first failure; every call has a timeout and the whole run a deadline.
import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { type MessageInitShape, create, equals, fromBinary, isMessage, protoInt64, toBinary, toJsonString } from "@bufbuild/protobuf";
import { timestampDate, timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter, type Transport, createClient } from "@connectrpc/connect";
import { connectNodeAdapter, createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { DemoService, type Order, OrderSchema, type Receipt, ReceiptSchema, Status } from "./gen/demo/v1/demo_pb.js";

const CALL_TIMEOUT_MS = 5_000;
const DEADLINE_MS = 60_000;

const deadline = setTimeout(() => {
  console.error(`connect drop-in: FAILED: the run took longer than ${DEADLINE_MS} ms`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

// ---------------------------------------------------------------------------------------------
// The service: every answer is a function of the request.

/** The receipt for one order. */
function receiptFor(order: Order): MessageInitShape<typeof ReceiptSchema> {
  let micros = protoInt64.zero;
  const quantities: { [sku: string]: number } = {};
  for (const line of order.lines) {
    micros += BigInt(line.quantity) * (line.unitPrice?.micros ?? protoInt64.zero);
    quantities[line.sku] = (quantities[line.sku] ?? 0) + line.quantity;
  }
  return {
    orderId: order.id,
    total: { currency: order.lines[0]?.unitPrice?.currency ?? "", micros },
    quantities,
    status: order.status === Status.OPEN ? Status.PAID : order.status,
    paidWith:
      order.payment.case === "cardToken"
        ? { case: "cardToken", value: order.payment.value }
        : order.payment.case === "voucher"
          ? { case: "voucher", value: order.payment.value }
          : { case: undefined },
    checksum: order.signature.slice().reverse(),
    placedAt: order.placedAt,
    notes: Object.keys(order.labels)
      .sort()
      .map((k) => `${k}=${order.labels[k]}`),
    customer: BigInt.asUintN(64, order.customer),
  };
}

/** One receipt for several orders: totals and quantities added up, notes and ids joined. */
function combined(orders: Order[]): MessageInitShape<typeof ReceiptSchema> {
  const receipts = orders.map((o) => create(ReceiptSchema, receiptFor(o)));
  const quantities: { [sku: string]: number } = {};
  for (const r of receipts) for (const [sku, n] of Object.entries(r.quantities)) quantities[sku] = (quantities[sku] ?? 0) + n;
  return {
    orderId: receipts.map((r) => r.orderId).join(","),
    total: { currency: receipts[0]?.total?.currency ?? "", micros: receipts.reduce((sum, r) => sum + (r.total?.micros ?? 0n), 0n) },
    quantities,
    status: receipts.at(-1)?.status ?? Status.UNSPECIFIED,
    notes: receipts.flatMap((r) => r.notes),
    customer: receipts.reduce((sum, r) => BigInt.asUintN(64, sum + r.customer), 0n),
  };
}

/** Protocol, HTTP method and content type of the last unary request the server handled. */
let lastUnary = "";

function routes(router: ConnectRouter): void {
  router.service(DemoService, {
    place(order, context) {
      lastUnary = `${context.protocolName} ${context.requestMethod} ${context.requestHeader.get("content-type") ?? "-"}`;
      if (!isMessage(order, OrderSchema)) throw new ConnectError("not an Order", Code.Internal);
      if (order.id === "reject") throw new ConnectError("order rejected", Code.FailedPrecondition);
      return receiptFor(order);
    },
    async *split(order) {
      for (const [i, line] of order.lines.entries()) {
        yield receiptFor(create(OrderSchema, { ...order, id: `${order.id}#${i}`, lines: [line] }));
      }
    },
    async collect(orders) {
      const all: Order[] = [];
      for await (const order of orders) all.push(order);
      return combined(all);
    },
    async *chat(orders) {
      for await (const order of orders) yield receiptFor(order);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The requests, and exact checks of the answers.

const orderA = create(OrderSchema, {
  id: "A-1",
  lines: [
    { sku: "apple", quantity: 3, unitPrice: { currency: "EUR", micros: 1_500_000n } },
    { sku: "pear", quantity: 2, unitPrice: { currency: "EUR", micros: 9_007_199_254_740_993n } }, // > 2^53
  ],
  labels: { gift: "yes", channel: "web" },
  status: Status.OPEN,
  payment: { case: "cardToken", value: "tok_visa_4242" },
  signature: new Uint8Array([1, 2, 3, 0, 255]),
  placedAt: timestampFromMs(1_700_000_000_123),
  customer: -42n,
});

const orderB = create(OrderSchema, {
  id: "B-2",
  lines: [{ sku: "apple", quantity: 1, unitPrice: { currency: "EUR", micros: 250_000n } }],
  status: Status.PAID,
  payment: { case: "voucher", value: { currency: "EUR", micros: 5_000_000n } },
  signature: new Uint8Array([7]),
  customer: 9_223_372_036_854_775_807n, // int64 max
});

// Written out by hand, so that the check does not rest on receiptFor() alone.
const expectedA = create(ReceiptSchema, {
  orderId: "A-1",
  total: { currency: "EUR", micros: 18_014_398_513_981_986n }, // 3 × 1.5 + 2 × 9007199254.740993
  quantities: { apple: 3, pear: 2 },
  status: Status.PAID,
  paidWith: { case: "cardToken", value: "tok_visa_4242" },
  checksum: new Uint8Array([255, 0, 3, 2, 1]),
  placedAt: { seconds: 1_700_000_000n, nanos: 123_000_000 },
  notes: ["channel=web", "gift=yes"],
  customer: 18_446_744_073_709_551_574n, // -42 as fixed64
});

let checks = 0;

function check(what: string, got: Receipt, want: Receipt): void {
  checks++;
  if (!isMessage(got, ReceiptSchema) || !equals(ReceiptSchema, got, want)) {
    throw new Error(`${what}: got ${toJsonString(ReceiptSchema, got)}, want ${toJsonString(ReceiptSchema, want)}`);
  }
}

function checkList(what: string, got: Receipt[], want: Receipt[]): void {
  if (got.length !== want.length) throw new Error(`${what}: got ${got.length} messages, want ${want.length}`);
  got.forEach((r, i) => check(`${what}[${i}]`, r, want[i] as Receipt));
}

async function* stream(...orders: Order[]): AsyncIterable<MessageInitShape<typeof OrderSchema>> {
  for (const order of orders) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    yield order;
  }
}

interface Kinds {
  /** What the server sees of a unary call: protocol, HTTP method, content type. */
  wire: RegExp;
  unary: boolean;
  serverStreaming: boolean;
  clientStreaming: boolean;
  bidi: boolean;
}

async function exercise(name: string, transport: Transport, kinds: Kinds): Promise<void> {
  const client = createClient(DemoService, transport);
  const opts = { timeoutMs: CALL_TIMEOUT_MS };
  if (kinds.unary) {
    check(`${name} unary`, await client.place(orderA, opts), expectedA);
    if (!kinds.wire.test(lastUnary)) throw new Error(`${name}: the server saw ${lastUnary}, not ${kinds.wire}`);
    check(`${name} unary (init object)`, await client.place({ ...orderB }, opts), create(ReceiptSchema, receiptFor(orderB)));
    try {
      await client.place({ id: "reject" }, opts);
      throw new Error(`${name} unary: expected an error`);
    } catch (e) {
      const err = ConnectError.from(e);
      if (err.code !== Code.FailedPrecondition || err.rawMessage !== "order rejected")
        throw new Error(`${name} unary: unexpected error ${err.message}`);
      checks++;
    }
  }
  if (kinds.serverStreaming) {
    const got: Receipt[] = [];
    for await (const r of client.split(orderA, opts)) got.push(r);
    checkList(
      `${name} server streaming`,
      got,
      orderA.lines.map((line, i) => create(ReceiptSchema, receiptFor(create(OrderSchema, { ...orderA, id: `A-1#${i}`, lines: [line] })))),
    );
    if (got[1]?.total?.micros !== 18_014_398_509_481_986n) throw new Error(`${name} server streaming: int64 total ${got[1]?.total?.micros}`);
  }
  if (kinds.clientStreaming) {
    const got = await client.collect(stream(orderA, orderB, orderA), opts);
    check(`${name} client streaming`, got, create(ReceiptSchema, combined([orderA, orderB, orderA])));
    if (got.quantities.apple !== 7 || got.orderId !== "A-1,B-2,A-1") throw new Error(`${name} client streaming: ${toJsonString(ReceiptSchema, got)}`);
  }
  if (kinds.bidi) {
    const got: Receipt[] = [];
    for await (const r of client.chat(stream(orderB, orderA), opts)) got.push(r);
    checkList(`${name} bidi`, got, [create(ReceiptSchema, receiptFor(orderB)), expectedA]);
  }
  console.log(`ok ${name}`);
}

// ---------------------------------------------------------------------------------------------

async function listen<S extends http.Server | http2.Http2Server>(server: S): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  // The drop-in under test: "@bufbuild/protobuf" must be pbjet, and the generated code must use it.
  const wire = toBinary(OrderSchema, orderA);
  if (!equals(OrderSchema, fromBinary(OrderSchema, wire), orderA)) throw new Error("binary round trip");
  if (timestampDate(expectedA.placedAt ?? timestampFromMs(0)).getTime() !== 1_700_000_000_123) throw new Error("timestamp");
  if (DemoService.method.place.methodKind !== "unary" || DemoService.method.chat.methodKind !== "bidi_streaming") throw new Error("method kinds");
  if (DemoService.method.place.idempotency !== 1) throw new Error(`idempotency ${DemoService.method.place.idempotency}`);

  const handler = connectNodeAdapter({ routes });
  const h2 = http2.createServer(handler);
  const h1 = http.createServer(handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (s) => {
    sessions.add(s);
    s.once("close", () => sessions.delete(s));
  });
  const [h2Url, h1Url] = await Promise.all([listen(h2), listen(h1)]);
  const all = { unary: true, serverStreaming: true, clientStreaming: true, bidi: true };
  // HTTP/1.1 is half duplex: no bidi streams (Connect rejects them on the client).
  const halfDuplex = { ...all, bidi: false };
  const unaryOnly = { unary: true, serverStreaming: false, clientStreaming: false, bidi: false };
  let failed = false;
  try {
    const binary = { useBinaryFormat: true };
    const json = { useBinaryFormat: false };
    const connect2 = { baseUrl: h2Url, httpVersion: "2" } as const;
    const connect1 = { baseUrl: h1Url, httpVersion: "1.1" } as const;
    await exercise("connect+proto h2", createConnectTransport({ ...connect2, ...binary }), { ...all, wire: /^connect POST application\/proto$/ });
    await exercise("connect+json h2", createConnectTransport({ ...connect2, ...json }), { ...all, wire: /^connect POST application\/json$/ });
    await exercise("connect+proto http/1.1", createConnectTransport({ ...connect1, ...binary }), {
      ...halfDuplex,
      wire: /^connect POST application\/proto$/,
    });
    await exercise("connect+json http/1.1", createConnectTransport({ ...connect1, ...json }), {
      ...halfDuplex,
      wire: /^connect POST application\/json$/,
    });
    // The method is NO_SIDE_EFFECTS (idempotency from the descriptor), so Connect may use GET.
    await exercise("connect+json GET h2", createConnectTransport({ ...connect2, useHttpGet: true }), { ...unaryOnly, wire: /^connect GET -$/ });
    await exercise("grpc h2", createGrpcTransport({ baseUrl: h2Url }), { ...all, wire: /^grpc POST application\/grpc(\+proto)?$/ });
    await exercise("grpc-web+proto h2", createGrpcWebTransport({ ...connect2, ...binary }), {
      ...all,
      wire: /^grpc-web POST application\/grpc-web\+proto$/,
    });
    await exercise("grpc-web+proto http/1.1", createGrpcWebTransport({ ...connect1, ...binary }), {
      ...halfDuplex,
      wire: /^grpc-web POST application\/grpc-web\+proto$/,
    });
    await exercise("grpc-web+json http/1.1", createGrpcWebTransport({ ...connect1, ...json }), {
      ...halfDuplex,
      wire: /^grpc-web POST application\/grpc-web\+json$/,
    });
  } catch (e) {
    failed = true;
    console.error(`connect drop-in: FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  } finally {
    for (const s of sessions) s.destroy();
    h1.closeAllConnections();
    await Promise.all([new Promise((r) => h2.close(r)), new Promise((r) => h1.close(r))]);
  }
  if (failed) process.exit(1);
  console.log(`connect drop-in: ${checks} answers checked`);
}

main().catch((e: unknown) => {
  console.error(`connect drop-in: FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
