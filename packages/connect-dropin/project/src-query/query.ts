// Uses the output of @connectrpc/protoc-gen-connect-query (run on @pbjet/protoplugin) with
// @connectrpc/connect-query-core; compiled with tsc --strict by ../scripts/test.mjs, not run.
import type { MessageShape } from "@pbjet/protobuf";
import { callUnaryMethod, createConnectQueryKey, createQueryOptions } from "@connectrpc/connect-query-core";
import { createConnectTransport } from "@connectrpc/connect-node";
import { place } from "./gen/demo/v1/demo-DemoService_connectquery.js";
import { type Receipt, type ReceiptSchema, Status } from "./gen/demo/v1/demo_pb.js";

/** A and B are assignable to each other, and A is not `any`. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? (0 extends 1 & A ? false : true) : false) : false;

const transport = createConnectTransport({ baseUrl: "http://127.0.0.1:9", httpVersion: "2" });
const input = { id: "A-1", status: Status.OPEN, lines: [{ sku: "apple", quantity: 3 }] };

export const options = createQueryOptions(place, input, { transport });
export const key = createConnectQueryKey({ schema: place, input, transport, cardinality: "finite" });
export const call: () => Promise<Receipt> = () => callUnaryMethod(transport, place, input);

// The method keeps its request and response types through the generated code.
export const kind: "unary" = place.methodKind;
type Data = Awaited<ReturnType<NonNullable<typeof options.queryFn>>>;
export const dataIsReceipt: Same<Data, MessageShape<typeof ReceiptSchema>> = true;
export const receiptIsShape: Same<Receipt, MessageShape<typeof ReceiptSchema>> = true;
