// Deterministic fixtures for the matrix. Each builder returns plain init data in the protobuf-es
// v2 shape (bigint for 64-bit integers, Uint8Array for bytes, { case, value } for oneofs,
// JSON objects for google.protobuf.Struct fields); every library's message is created from that
// one object (see libs.ts). Each fixture is built once per run.

import { buildMicroFixtures } from "./micro-fixtures.js";
import { Rng, WORDS } from "./prng.js";

/** Init data in the protobuf-es v2 shape; checked against the schema at run time (init-walk.ts). */
export type Init = { [key: string]: unknown };

export interface Fixture {
  /** Short id, used on the command line (--filter) and in the chart. */
  readonly id: string;
  /** What it is, for the tables. */
  readonly title: string;
  /** Fully qualified message name. */
  readonly typeName: string;
  readonly init: Init;
  /**
   * The field read by the decode-read-one-field-encode operation: property names and list
   * indexes from the root, valid in every library's message and in the ProtoJSON object.
   */
  readonly readPath: readonly (string | number)[];
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

const BASE_TIME_S = 1_763_000_000; // Nov 2025
const NS = 1_000_000_000n;

function unixNanos(rng: Rng, offsetSeconds: number): bigint {
  return BigInt(BASE_TIME_S + offsetSeconds) * NS + BigInt(rng.int(0, 999_999_999));
}

function timestamp(seconds: number, nanos = 0): Init {
  return { seconds: BigInt(seconds), nanos };
}

function str(key: string, value: string): Init {
  return { key, value: { value: { case: "stringValue", value } } };
}
function int(key: string, value: number | bigint): Init {
  return { key, value: { value: { case: "intValue", value: BigInt(value) } } };
}
function dbl(key: string, value: number): Init {
  return { key, value: { value: { case: "doubleValue", value } } };
}
function bool(key: string, value: boolean): Init {
  return { key, value: { value: { case: "boolValue", value } } };
}
const SERVICES = ["checkout", "cart", "payments", "inventory", "shipping", "catalog", "accounts", "search"];
const ROUTES = [
  "/api/v1/orders/{id}",
  "/api/v1/orders",
  "/api/v1/carts/{id}/items",
  "/api/v1/payments/authorize",
  "/api/v1/products/{sku}",
  "/api/v1/search",
  "/api/v1/users/{id}/profile",
  "/healthz",
];
const METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE"];

function otelResource(rng: Rng, service: string): Init {
  const pod = `${service}-${rng.token(10)}-${rng.token(5)}`;
  return {
    attributes: [
      str("service.name", service),
      str("service.namespace", "shop"),
      str("service.version", `1.${rng.int(0, 40)}.${rng.int(0, 9)}`),
      str("service.instance.id", rng.uuid()),
      str("deployment.environment", "production"),
      str("host.name", `ip-10-0-${rng.int(0, 255)}-${rng.int(0, 255)}.ec2.internal`),
      str("host.arch", "amd64"),
      str("os.type", "linux"),
      str("k8s.namespace.name", "shop"),
      str("k8s.pod.name", pod),
      str("k8s.node.name", `node-${rng.token(6)}`),
      str("k8s.deployment.name", service),
      str("cloud.provider", "aws"),
      str("cloud.region", "eu-west-1"),
      str("telemetry.sdk.name", "opentelemetry"),
      str("telemetry.sdk.language", "nodejs"),
      str("telemetry.sdk.version", "1.28.0"),
      int("process.pid", rng.int(1, 65535)),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Small RPC message, RPC request/response

export function buildSmallRpc(rng: Rng): Init {
  return {
    tenantId: rng.uuid(),
    pageSize: 50,
    pageToken: rng.token(32),
    includeArchived: false,
    ifModifiedSinceMs: BigInt(BASE_TIME_S) * 1000n + BigInt(rng.int(0, 999)),
    fields: ["id", "name", "updated_at"],
  };
}

function jwtLike(rng: Rng): string {
  const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const part = (n: number) => {
    let s = "";
    for (let i = 0; i < n; i++) s += b64[rng.u32() & 63];
    return s;
  };
  return `Bearer ${part(36)}.${part(180)}.${part(86)}`;
}

export function buildRpcRequest(rng: Rng): Init {
  const traceId = rng.hex(16);
  return {
    service: "shop.inventory.v1.InventoryService",
    method: "ReserveStock",
    headers: {
      "content-type": "application/grpc+proto",
      "user-agent": "grpc-node-js/1.12.2",
      "grpc-accept-encoding": "identity,deflate,gzip",
      "accept-encoding": "identity",
      authorization: jwtLike(rng),
      "x-request-id": rng.uuid(),
      traceparent: `00-${traceId}-${rng.hex(8)}-01`,
      tracestate: `shop=${rng.token(16)}`,
      "x-forwarded-for": `203.0.113.${rng.int(1, 254)}, 10.0.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      "x-tenant-id": rng.uuid(),
      "x-client-version": "web/2025.11.3",
      "x-envoy-expected-rq-timeout-ms": "5000",
    },
    payload: rng.bytes(640),
    requestId: rng.u63(),
    timeout: { seconds: 5n, nanos: 0 },
    idempotencyKey: rng.uuid(),
    caller: { address: `10.0.${rng.int(0, 255)}.${rng.int(1, 254)}`, port: 50051, principal: "spiffe://shop.example/ns/shop/sa/checkout" },
  };
}

export function buildRpcResponse(rng: Rng): Init {
  return {
    requestId: rng.u63(),
    status: {
      code: 8, // RESOURCE_EXHAUSTED
      message: "reservation would exceed the available stock for 2 of 5 items",
      details: [
        {
          reason: "INSUFFICIENT_STOCK",
          domain: "inventory.shop.example",
          metadata: { sku: `SKU-${rng.int(10000, 99999)}`, available: "3", requested: "5" },
        },
        {
          reason: "INSUFFICIENT_STOCK",
          domain: "inventory.shop.example",
          metadata: { sku: `SKU-${rng.int(10000, 99999)}`, available: "0", requested: "1" },
        },
      ],
    },
    headers: {
      "content-type": "application/grpc+proto",
      "grpc-encoding": "identity",
      "x-envoy-upstream-service-time": String(rng.int(2, 90)),
      server: "envoy",
      date: "Thu, 13 Nov 2025 10:21:07 GMT",
    },
    trailers: {
      "grpc-status": "8",
      "grpc-message": "reservation would exceed the available stock",
      "server-timing": `db;dur=${rng.int(1, 40)}, app;dur=${rng.int(1, 40)}`,
    },
    payload: rng.bytes(1536),
    serverTimeUs: BigInt(rng.int(200, 90_000)),
    load: Math.round(rng.float() * 1000) / 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// OpenTelemetry-shaped exports

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const SPAN_KIND_INTERNAL = 1;

export function buildTraceExport(rng: Rng, spanCount: number): Init {
  const service = "checkout";
  const scopes: { name: string; version: string; spans: Init[] }[] = [
    { name: "@opentelemetry/instrumentation-http", version: "0.55.0", spans: [] },
    { name: "@opentelemetry/instrumentation-pg", version: "0.48.0", spans: [] },
    { name: "checkout-service", version: "1.14.2", spans: [] },
  ];
  let traceId = rng.bytes(16);
  let rootSpanId = rng.bytes(8);
  for (let i = 0; i < spanCount; i++) {
    if (i % 10 === 0) {
      traceId = rng.bytes(16);
      rootSpanId = rng.bytes(8);
    }
    const start = unixNanos(rng, i);
    const durationNs = BigInt(rng.int(50_000, 250_000_000));
    const scopeIndex = i % 10 === 0 ? 0 : rng.pick([0, 1, 1, 2]);
    const method = rng.pick(METHODS);
    const route = rng.pick(ROUTES);
    const attributes: Init[] = [];
    let name: string;
    let kind: number;
    if (scopeIndex === 0) {
      kind = i % 10 === 0 ? SPAN_KIND_SERVER : SPAN_KIND_CLIENT;
      name = `${method} ${route}`;
      const status = rng.pick([200, 200, 200, 200, 201, 204, 404, 500]);
      attributes.push(
        str("http.request.method", method),
        str("http.route", route),
        str("url.path", route.replace("{id}", String(rng.int(1000, 99999))).replace("{sku}", `SKU-${rng.int(10000, 99999)}`)),
        str("url.scheme", "https"),
        int("http.response.status_code", status),
        str("server.address", `${rng.pick(SERVICES)}.shop.svc.cluster.local`),
        int("server.port", 8080),
        str("network.protocol.version", "1.1"),
        str("user_agent.original", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"),
      );
    } else if (scopeIndex === 1) {
      kind = SPAN_KIND_CLIENT;
      const table = rng.pick(["orders", "order_items", "customers", "payments", "stock_levels"]);
      name = `SELECT shop.${table}`;
      attributes.push(
        str("db.system", "postgresql"),
        str("db.namespace", "shop"),
        str("db.operation.name", "SELECT"),
        str("db.collection.name", table),
        str(
          "db.query.text",
          `SELECT id, status, total_cents, updated_at FROM ${table} WHERE tenant_id = $1 AND id = ANY($2) ORDER BY updated_at DESC LIMIT $3`,
        ),
        str("server.address", "pg-primary.shop.svc.cluster.local"),
        int("server.port", 5432),
      );
    } else {
      kind = SPAN_KIND_INTERNAL;
      name = rng.pick(["computeTotals", "applyPromotions", "reserveStock", "validateAddress", "renderReceipt"]);
      attributes.push(
        str("code.function", name),
        str("code.filepath", `src/checkout/${name}.ts`),
        int("code.lineno", rng.int(10, 900)),
        int("checkout.items", rng.int(1, 12)),
        bool("checkout.guest", rng.bool(0.3)),
        dbl("checkout.total", Math.round(rng.float() * 50000) / 100),
      );
    }
    const failed = rng.bool(0.08);
    const events: Init[] = [];
    if (failed) {
      events.push({
        timeUnixNano: start + durationNs / 2n,
        name: "exception",
        attributes: [
          str("exception.type", "TimeoutError"),
          str("exception.message", `operation ${name} timed out after 2500 ms`),
          str(
            "exception.stacktrace",
            `TimeoutError: operation timed out\n    at ${name} (src/checkout/${name}.ts:${rng.int(10, 900)}:17)\n    at async Promise.all (index 0)\n    at async handle (src/server.ts:212:5)`,
          ),
        ],
      });
    } else if (rng.bool(0.2)) {
      events.push({ timeUnixNano: start + durationNs / 3n, name: "cache.miss", attributes: [str("cache.key", `cart:${rng.token(12)}`)] });
    }
    const links: Init[] = rng.bool(0.05)
      ? [{ traceId: rng.bytes(16), spanId: rng.bytes(8), attributes: [str("link.kind", "follows_from")], flags: 1 }]
      : [];
    scopes[scopeIndex].spans.push({
      traceId,
      spanId: i % 10 === 0 ? rootSpanId : rng.bytes(8),
      parentSpanId: i % 10 === 0 ? new Uint8Array(0) : rootSpanId,
      flags: 0x101,
      name,
      kind,
      startTimeUnixNano: start,
      endTimeUnixNano: start + durationNs,
      attributes,
      events,
      links,
      status: failed ? { code: 2, message: "operation timed out" } : { code: 0 },
    });
  }
  return {
    resourceSpans: [
      {
        resource: otelResource(rng, service),
        scopeSpans: scopes.map((s) => ({
          scope: { name: s.name, version: s.version },
          spans: s.spans,
          schemaUrl: "https://opentelemetry.io/schemas/1.27.0",
        })),
        schemaUrl: "https://opentelemetry.io/schemas/1.27.0",
      },
    ],
  };
}

export function buildMetricsExport(rng: Rng, seriesCount: number): Init {
  const metricsPerKind = [
    { name: "process.cpu.utilization", unit: "1", kind: "gauge" },
    { name: "process.memory.usage", unit: "By", kind: "gauge" },
    { name: "http.server.request.duration", unit: "s", kind: "histogram" },
    { name: "http.server.active_requests", unit: "{request}", kind: "sum" },
    { name: "db.client.operation.duration", unit: "s", kind: "histogram" },
    { name: "checkout.orders.created", unit: "{order}", kind: "sum" },
    { name: "runtime.nodejs.eventloop.delay.p99", unit: "s", kind: "gauge" },
    { name: "http.client.request.duration", unit: "s", kind: "histogram" },
    { name: "checkout.cart.value", unit: "EUR", kind: "sum" },
    { name: "runtime.nodejs.gc.count", unit: "{gc}", kind: "gauge" },
  ];
  const pointsPerMetric = Math.max(1, Math.round(seriesCount / metricsPerKind.length));
  const bounds = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
  const start = BigInt(BASE_TIME_S) * NS;
  const now = start + 60n * NS;
  const metrics = metricsPerKind.map((m) => {
    const points: Init[] = [];
    for (let p = 0; p < pointsPerMetric; p++) {
      const attributes = [
        str("http.request.method", rng.pick(METHODS)),
        str("http.route", ROUTES[p % ROUTES.length]),
        int("http.response.status_code", rng.pick([200, 201, 404, 500])),
      ];
      if (m.kind === "histogram") {
        const counts = bounds.map(() => BigInt(rng.int(0, 5000)));
        counts.push(BigInt(rng.int(0, 20)));
        const count = counts.reduce((a, b) => a + b, 0n);
        points.push({
          attributes,
          startTimeUnixNano: start,
          timeUnixNano: now,
          count,
          sum: Number(count) * 0.042,
          bucketCounts: counts,
          explicitBounds: bounds,
          min: 0.0007,
          max: 9.1,
        });
      } else {
        const value =
          m.kind === "sum" && m.unit !== "EUR"
            ? { case: "asInt", value: BigInt(rng.int(0, 1_000_000)) }
            : { case: "asDouble", value: rng.float() * 1000 };
        points.push({ attributes, startTimeUnixNano: start, timeUnixNano: now, value });
      }
    }
    let data: Init;
    if (m.kind === "gauge") data = { case: "gauge", value: { dataPoints: points } };
    else if (m.kind === "sum")
      data = { case: "sum", value: { dataPoints: points, aggregationTemporality: 2, isMonotonic: m.name !== "http.server.active_requests" } };
    else data = { case: "histogram", value: { dataPoints: points, aggregationTemporality: 2 } };
    return { name: m.name, description: `Measures ${m.name.replaceAll(".", " ")}`, unit: m.unit, data };
  });
  return {
    resourceMetrics: [
      {
        resource: otelResource(rng, "checkout"),
        scopeMetrics: [
          { scope: { name: "@opentelemetry/sdk-metrics", version: "1.28.0" }, metrics, schemaUrl: "https://opentelemetry.io/schemas/1.27.0" },
        ],
        schemaUrl: "https://opentelemetry.io/schemas/1.27.0",
      },
    ],
  };
}

const SEVERITIES = [
  { n: 5, t: "DEBUG" },
  { n: 9, t: "INFO" },
  { n: 9, t: "INFO" },
  { n: 9, t: "INFO" },
  { n: 13, t: "WARN" },
  { n: 17, t: "ERROR" },
];

export function buildLogsExport(rng: Rng, recordCount: number): Init {
  const records: Init[] = [];
  for (let i = 0; i < recordCount; i++) {
    const sev = rng.pick(SEVERITIES);
    const time = unixNanos(rng, i);
    const method = rng.pick(METHODS);
    const route = rng.pick(ROUTES);
    const status = sev.n >= 17 ? 500 : rng.pick([200, 200, 201, 204, 304, 404]);
    const traced = rng.bool(0.6);
    const attributes = [
      str("http.request.method", method),
      str("http.route", route),
      int("http.response.status_code", status),
      dbl("http.server.duration_ms", Math.round(rng.float() * 250_000) / 1000),
      str("user.id", rng.uuid()),
      str("thread.name", `worker-${rng.int(0, 15)}`),
    ];
    if (sev.n >= 13) attributes.push(str("code.filepath", `src/handlers/${rng.pick(WORDS)}.ts`), int("code.lineno", rng.int(10, 800)));
    const body =
      i % 7 === 3
        ? {
            value: {
              case: "kvlistValue",
              value: {
                values: [
                  str("event", "order.placed"),
                  int("items", rng.int(1, 9)),
                  dbl("total", Math.round(rng.float() * 90000) / 100),
                  str("currency", "EUR"),
                ],
              },
            },
          }
        : { value: { case: "stringValue", value: `${method} ${route} ${status} ${rng.int(1, 900)}ms - ${rng.words(rng.int(4, 12))}` } };
    records.push({
      timeUnixNano: time,
      observedTimeUnixNano: time + BigInt(rng.int(10_000, 5_000_000)),
      severityNumber: sev.n,
      severityText: sev.t,
      body,
      attributes,
      flags: traced ? 1 : 0,
      traceId: traced ? rng.bytes(16) : new Uint8Array(0),
      spanId: traced ? rng.bytes(8) : new Uint8Array(0),
    });
  }
  return {
    resourceLogs: [
      {
        resource: otelResource(rng, "checkout"),
        scopeLogs: [{ scope: { name: "pino", version: "9.5.0" }, logRecords: records }],
        schemaUrl: "https://opentelemetry.io/schemas/1.27.0",
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Kubernetes-shaped PodList

function k8sTime(ageSeconds: number): Init {
  return { seconds: BigInt(BASE_TIME_S - ageSeconds), nanos: 0 };
}

function buildPod(rng: Rng, app: string, i: number): Init {
  const hash = rng.token(10);
  const name = `${app}-${hash}-${rng.token(5)}`;
  const age = rng.int(600, 3_000_000);
  const version = `1.${rng.int(0, 30)}.${rng.int(0, 9)}`;
  const image = `registry.shop.example/${app}:${version}`;
  const labels: Record<string, string> = {
    app,
    "app.kubernetes.io/name": app,
    "app.kubernetes.io/part-of": "shop",
    "app.kubernetes.io/version": version,
    "pod-template-hash": hash,
    team: rng.pick(["payments", "storefront", "platform", "fulfilment"]),
  };
  const annotations: Record<string, string> = {
    "kubectl.kubernetes.io/restartedAt": "2025-11-10T08:14:31Z",
    "prometheus.io/scrape": "true",
    "prometheus.io/port": "9464",
    "checksum/config": rng.hex(32),
  };
  const env: Init[] = [
    { name: "NODE_ENV", value: "production" },
    { name: "PORT", value: "8080" },
    { name: "OTEL_EXPORTER_OTLP_ENDPOINT", value: "http://otel-collector.observability:4317" },
    { name: "OTEL_SERVICE_NAME", value: app },
    { name: "LOG_LEVEL", value: rng.pick(["info", "warn", "debug"]) },
    { name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } },
    { name: "POD_IP", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "status.podIP" } } },
    { name: "DATABASE_PASSWORD", valueFrom: { secretKeyRef: { name: `${app}-db`, key: "password" } } },
    { name: "FEATURE_FLAGS", valueFrom: { configMapKeyRef: { name: `${app}-flags`, key: "flags.json", optional: true } } },
  ];
  const container: Init = {
    name: app,
    image,
    args: ["--config=/etc/app/config.yaml", `--shard=${i % 4}`],
    ports: [
      { name: "http", containerPort: 8080, protocol: "TCP" },
      { name: "metrics", containerPort: 9464, protocol: "TCP" },
    ],
    env,
    resources: { limits: { cpu: "1", memory: "512Mi" }, requests: { cpu: "250m", memory: "256Mi" } },
    volumeMounts: [
      { name: "config", readOnly: true, mountPath: "/etc/app" },
      { name: "tmp", mountPath: "/tmp" },
      { name: `kube-api-access-${rng.token(5)}`, readOnly: true, mountPath: "/var/run/secrets/kubernetes.io/serviceaccount" },
    ],
    livenessProbe: {
      httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" },
      initialDelaySeconds: 10,
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    },
    readinessProbe: {
      httpGet: { path: "/readyz", port: 8080, scheme: "HTTP" },
      timeoutSeconds: 1,
      periodSeconds: 5,
      successThreshold: 1,
      failureThreshold: 3,
    },
    terminationMessagePath: "/dev/termination-log",
    terminationMessagePolicy: "File",
    imagePullPolicy: "IfNotPresent",
  };
  const containers = [container];
  if (i % 3 === 0) {
    containers.push({
      name: "envoy",
      image: "envoyproxy/envoy:v1.32.1",
      args: ["-c", "/etc/envoy/envoy.yaml", "--log-level", "warn"],
      ports: [{ name: "proxy", containerPort: 15001, protocol: "TCP" }],
      resources: { limits: { cpu: "500m", memory: "128Mi" }, requests: { cpu: "50m", memory: "64Mi" } },
      volumeMounts: [{ name: "envoy-config", readOnly: true, mountPath: "/etc/envoy" }],
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
      imagePullPolicy: "IfNotPresent",
    });
  }
  const ip = `10.42.${rng.int(0, 255)}.${rng.int(2, 254)}`;
  const hostIp = `10.0.${rng.int(0, 255)}.${rng.int(2, 254)}`;
  const started = k8sTime(age - 5);
  return {
    metadata: {
      name,
      generateName: `${app}-${hash}-`,
      namespace: "shop",
      uid: rng.uuid(),
      resourceVersion: String(rng.int(1_000_000, 90_000_000)),
      creationTimestamp: k8sTime(age),
      labels,
      annotations,
      ownerReferences: [
        { apiVersion: "apps/v1", kind: "ReplicaSet", name: `${app}-${hash}`, uid: rng.uuid(), controller: true, blockOwnerDeletion: true },
      ],
    },
    spec: {
      volumes: [
        { name: "config", volumeSource: { configMap: { name: `${app}-config`, defaultMode: 420 } } },
        { name: "tmp", volumeSource: { emptyDir: { sizeLimit: "64Mi" } } },
        {
          name: `kube-api-access-${rng.token(5)}`,
          volumeSource: {
            projected: {
              sources: [
                { serviceAccountToken: { expirationSeconds: 3607n, path: "token" } },
                { configMap: { name: "kube-root-ca.crt", items: [{ key: "ca.crt", path: "ca.crt" }] } },
              ],
              defaultMode: 420,
            },
          },
        },
      ],
      containers,
      restartPolicy: "Always",
      terminationGracePeriodSeconds: 30n,
      dnsPolicy: "ClusterFirst",
      nodeSelector: { "kubernetes.io/os": "linux", "node.shop.example/pool": "general" },
      serviceAccountName: app,
      nodeName: `ip-${hostIp.replaceAll(".", "-")}.eu-west-1.compute.internal`,
      tolerations: [
        { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300n },
        { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300n },
      ],
      schedulerName: "default-scheduler",
      priority: 0,
      enableServiceLinks: true,
    },
    status: {
      phase: "Running",
      conditions: [
        { type: "PodReadyToStartContainers", status: "True", lastTransitionTime: started },
        { type: "Initialized", status: "True", lastTransitionTime: k8sTime(age - 1) },
        { type: "Ready", status: "True", lastTransitionTime: k8sTime(age - 20) },
        { type: "ContainersReady", status: "True", lastTransitionTime: k8sTime(age - 20) },
        { type: "PodScheduled", status: "True", lastTransitionTime: k8sTime(age) },
      ],
      hostIp,
      podIp: ip,
      podIps: [{ ip }],
      startTime: k8sTime(age),
      containerStatuses: containers.map((c) => ({
        name: c.name,
        state: { running: { startedAt: started } },
        lastState: {},
        ready: true,
        restartCount: rng.pick([0, 0, 0, 1, 2]),
        image: c.image,
        imageId: `${String(c.image).split(":")[0]}@sha256:${rng.hex(32)}`,
        containerId: `containerd://${rng.hex(32)}`,
        started: true,
      })),
      qosClass: "Burstable",
    },
  };
}

export function buildPodList(rng: Rng, podCount: number): Init {
  const items: Init[] = [];
  for (let i = 0; i < podCount; i++) items.push(buildPod(rng, SERVICES[i % SERVICES.length], i));
  return { metadata: { resourceVersion: String(rng.int(1_000_000, 90_000_000)) }, items };
}

// ---------------------------------------------------------------------------------------------
// GraphQL request and response

const GRAPHQL_QUERY = `query OrdersPage($first: Int!, $after: String, $filter: OrderFilter, $withCustomer: Boolean = true) {
  viewer {
    id
    orders(first: $first, after: $after, filter: $filter) {
      edges {
        cursor
        node {
          ...OrderSummary
          customer @include(if: $withCustomer) { id name email }
          lineItems(first: 5) { sku title quantity price { amount currency } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}

fragment OrderSummary on Order {
  id
  number
  status
  createdAt
  total { amount currency }
}`;

export function buildGraphQLRequest(rng: Rng): Init {
  return {
    query: GRAPHQL_QUERY,
    operationName: "OrdersPage",
    variables: {
      first: 20,
      after: `cursor:${rng.token(24)}`,
      withCustomer: true,
      filter: {
        status: ["OPEN", "PAID", "SHIPPED"],
        minTotal: 25.5,
        createdAfter: "2025-10-01T00:00:00Z",
        tags: ["priority", "gift"],
        customer: null,
      },
    },
    extensions: { persistedQuery: `sha256:${rng.hex(32)}`, clientName: "storefront-web", clientVersion: "2025.11.3" },
  };
}

export function buildGraphQLResponse(rng: Rng): Init {
  const edges: Init[] = [];
  for (let i = 0; i < 20; i++) {
    const items = [];
    const nItems = rng.int(1, 4);
    for (let j = 0; j < nItems; j++) {
      items.push({
        sku: `SKU-${rng.int(10000, 99999)}`,
        title: rng.words(rng.int(2, 4), true),
        quantity: rng.int(1, 5),
        price: { amount: Math.round(rng.float() * 20000) / 100, currency: "EUR" },
      });
    }
    const first = rng.pick(WORDS);
    edges.push({
      cursor: `cursor:${rng.token(24)}`,
      node: {
        id: `gid://shop/Order/${rng.int(1_000_000, 9_999_999)}`,
        number: `#${rng.int(10000, 99999)}`,
        status: rng.pick(["OPEN", "PAID", "SHIPPED"]),
        createdAt: `2025-11-${String(rng.int(1, 12)).padStart(2, "0")}T${String(rng.int(0, 23)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00Z`,
        total: { amount: Math.round(rng.float() * 50000) / 100, currency: "EUR" },
        customer:
          i === 3
            ? null
            : {
                id: `gid://shop/Customer/${rng.int(100_000, 999_999)}`,
                name: `${first} ${rng.pick(WORDS)}`,
                email: `${first}.${rng.token(5)}@example.com`,
              },
        lineItems: items,
      },
    });
  }
  return {
    data: {
      viewer: {
        id: `gid://shop/User/${rng.int(100_000, 999_999)}`,
        orders: { edges, pageInfo: { hasNextPage: true, endCursor: `cursor:${rng.token(24)}` } },
      },
    },
    errors: [
      {
        message: "Not authorized to read field Order.customer for this order",
        locations: [{ line: 10, column: 11 }],
        path: [
          { kind: { case: "field", value: "viewer" } },
          { kind: { case: "field", value: "orders" } },
          { kind: { case: "field", value: "edges" } },
          { kind: { case: "index", value: 3 } },
          { kind: { case: "field", value: "node" } },
          { kind: { case: "field", value: "customer" } },
        ],
        extensions: { code: "FORBIDDEN", service: "accounts" },
      },
    ],
    extensions: { "x-cost": "412", "x-trace-id": rng.hex(16) },
  };
}

// ---------------------------------------------------------------------------------------------
// Stress: recursive tree, 8 levels deep, 200 leaves

/** Children per node at each depth: 2·2·2·5·5 = 200 nodes at depth 5, then single-child chains to depth 8. */
const STRESS_FANOUT = [2, 2, 2, 5, 5, 1, 1, 1];

/**
 * A tree 8 levels below the root with 200 leaves; each leaf sets every other one of its scalar
 * fields (alternating from leaf to leaf, so every scalar type is exercised) and every tenth leaf
 * also carries the repeated and map fields. About 15 KB in the binary format.
 */
export function buildStress(rng: Rng): Init {
  const leafSetters: [string, () => unknown][] = [
    ["fDouble", () => rng.float() * 1e6],
    ["fFloat", () => Math.fround(rng.float() * 100)],
    ["fInt64", () => -BigInt(rng.int(1, 2 ** 31)) * 1000n],
    ["fUint64", () => rng.u63()],
    ["fInt32", () => rng.int(-100000, 100000)],
    ["fFixed64", () => rng.u63()],
    ["fFixed32", () => rng.u32()],
    ["fBool", () => true],
    ["fString", () => rng.pick(WORDS)],
    ["fBytes", () => rng.bytes(4)],
    ["fUint32", () => rng.int(0, 1 << 20)],
    ["fSfixed32", () => rng.int(-1 << 30, 1 << 30)],
    ["fSfixed64", () => -rng.u63()],
    ["fSint32", () => rng.int(-5000, 5000)],
    ["fSint64", () => -BigInt(rng.int(0, 1 << 30))],
    ["fKind", () => rng.int(1, 3)],
  ];
  let nextId = 1;
  let leafNo = 0;
  const node = (depth: number): Init => {
    const id = nextId++;
    const n: Init = { id, kind: (id % 3) + 1 };
    if (depth <= 4) n.name = `n${depth}-${id}`;
    if (depth < STRESS_FANOUT.length) {
      const children: Init[] = [];
      for (let i = 0; i < STRESS_FANOUT[depth]; i++) children.push(node(depth + 1));
      n.children = children;
    } else {
      const k = leafNo++;
      const leaf: Init = {};
      leafSetters.forEach(([name, make], i) => {
        if ((i + k) % 2 === 0) leaf[name] = make();
      });
      // Every read path lands on a string.
      leaf.fString ??= rng.pick(WORDS);
      if (k % 10 === 0) {
        leaf.packedInt32 = [rng.int(0, 300), rng.int(-5, 5), rng.int(0, 1 << 20)];
        leaf.packedDouble = [rng.float(), rng.float() * 10];
        leaf.tags = [rng.pick(WORDS), rng.pick(WORDS)];
        leaf.counters = { [rng.pick(WORDS)]: rng.int(0, 1000) };
      }
      n.leaf = leaf;
    }
    return n;
  };
  return node(0);
}

// ---------------------------------------------------------------------------------------------
// Site DTO and the events that build it (after the Scala serialization article)

const SITE_TYPE_HTML5 = 3;
const COMPONENT_TEXT = 1;
const COMPONENT_BUTTON = 2;
const COMPONENT_BLOG = 3;

interface SiteParts {
  base: Init;
  domains: Init[];
  metaTags: Init[];
  pages: Init[];
  entryPoints: Init[];
}

function siteInit(p: SiteParts): Init {
  return { ...p.base, domains: p.domains, defaultMetaTags: p.metaTags, pages: p.pages, entryPoints: p.entryPoints };
}

function newComponent(rng: Rng, k: number): Init {
  const created = BASE_TIME_S - rng.int(10_000, 30_000_000);
  const base = {
    id: rng.uuidBytes(),
    dateCreated: timestamp(created, rng.int(0, 999) * 1_000_000),
    dateUpdated: timestamp(created + rng.int(0, 1_000_000), rng.int(0, 999) * 1_000_000),
  };
  switch (k % 3) {
    case 0:
      return { ...base, componentType: COMPONENT_TEXT, data: { case: "text", value: { text: rng.words(rng.int(6, 24), true) } } };
    case 1:
      return {
        ...base,
        componentType: COMPONENT_BUTTON,
        data: { case: "button", value: { name: rng.pick(WORDS), text: rng.words(2, true), action: rng.uuidBytes() } },
      };
    default:
      return { ...base, componentType: COMPONENT_BLOG, data: { case: "blog", value: { name: rng.words(2), rss: rng.bool(), tags: rng.bool() } } };
  }
}

/**
 * A Site whose ProtoJSON text is about `targetJsonBytes` long: the site grows one element at a time
 * (pages, their meta tags and components, domains, default meta tags, entry points) until the
 * next element would overshoot. `jsonLength` measures a candidate init.
 */
export function buildSite(rng: Rng, targetJsonBytes: number, jsonLength: (init: Init) => number): Init {
  const created = BASE_TIME_S - rng.int(1_000_000, 90_000_000);
  const siteName = `${rng.pick(WORDS)}-${rng.pick(WORDS)}`;
  const parts: SiteParts = {
    base: {
      id: rng.uuidBytes(),
      ownerId: rng.uuidBytes(),
      revision: BigInt(rng.int(1, 5000)),
      siteType: SITE_TYPE_HTML5,
      flags: [1, 4],
      name: siteName,
      description: rng.words(8, true),
      published: true,
      dateCreated: timestamp(created, 0),
      dateUpdated: timestamp(created + rng.int(1000, 1_000_000), rng.int(0, 999) * 1_000_000),
    },
    domains: [{ name: `${siteName}.example.com`, primary: true }],
    metaTags: [{ name: "keywords", value: rng.words(4) }],
    pages: [],
    entryPoints: [{ kind: { case: "free", value: { userName: rng.pick(WORDS), siteName, primary: false } } }],
  };
  const steps: ((p: SiteParts) => void)[] = [
    (p) =>
      p.pages.push({
        name: rng.words(2, true),
        path: `/${rng.pick(WORDS)}-${p.pages.length}`,
        metaTags: [{ name: "description", value: rng.words(6) }],
        components: [newComponent(rng, p.pages.length)],
      }),
    (p) => p.pages[p.pages.length - 1]?.components && (p.pages[p.pages.length - 1].components as Init[]).push(newComponent(rng, rng.int(0, 2))),
    (p) => p.pages[p.pages.length - 1]?.components && (p.pages[p.pages.length - 1].components as Init[]).push(newComponent(rng, rng.int(0, 2))),
    (p) =>
      p.pages[p.pages.length - 1] &&
      (p.pages[p.pages.length - 1].metaTags as Init[]).push({
        name: rng.pick(["og:title", "og:description", "robots", "author"]),
        value: rng.words(3),
      }),
    (p) => p.metaTags.push({ name: rng.pick(["viewport", "theme-color", "generator", "author"]), value: rng.words(2) }),
    (p) => p.domains.length < 8 && p.domains.push({ name: `${rng.pick(WORDS)}-${rng.token(4)}.example.org`, primary: false }),
    (p) => p.pages[p.pages.length - 1]?.components && (p.pages[p.pages.length - 1].components as Init[]).push(newComponent(rng, rng.int(0, 2))),
    (p) =>
      p.entryPoints.length < 6 &&
      p.entryPoints.push({
        kind: {
          case: "domain",
          value: { domain: p.domains[p.entryPoints.length % p.domains.length].name as string, primary: p.entryPoints.length === 1 },
        },
      }),
  ];
  let step = 0;
  for (;;) {
    // Work on a structural copy so an overshooting step can be discarded.
    const trial: SiteParts = structuredClone(parts);
    steps[step % steps.length](trial);
    step++;
    const len = jsonLength(siteInit(trial));
    if (len > targetJsonBytes) {
      // Keep the candidate closer to the target.
      const current = jsonLength(siteInit(parts));
      if (len - targetJsonBytes < targetJsonBytes - current) return siteInit(trial);
      return siteInit(parts);
    }
    Object.assign(parts, trial);
    if (step > 100_000) throw new Error("site builder did not converge");
  }
}

/** The events from which `site` is rebuilt, in order, each with its own id and time. */
export function buildSiteEvents(rng: Rng, site: Init): Init {
  const events: Init[] = [];
  let t = Number((site.dateCreated as { seconds: bigint }).seconds);
  const push = (c: string, value: Init) => {
    t += rng.int(1, 600);
    events.push({ id: rng.uuidBytes(), event: { event: { case: c, value } }, timestamp: timestamp(t, rng.int(0, 999) * 1_000_000) });
  };
  push("siteCreated", { id: site.id as Uint8Array, ownerId: site.ownerId as Uint8Array, siteType: site.siteType as number });
  push("siteNameSet", { name: site.name as string });
  push("siteDescriptionSet", { description: site.description as string });
  for (const flag of site.flags as number[]) push("siteFlagAdded", { siteFlag: flag });
  for (const d of site.domains as Init[]) {
    push("domainAdded", { name: d.name as string });
    if (d.primary) push("primaryDomainSet", { name: d.name as string });
  }
  for (const m of site.defaultMetaTags as Init[]) push("defaultMetaTagAdded", { name: m.name as string, value: m.value as string });
  for (const page of site.pages as Init[]) {
    push("pageAdded", { path: page.path as string });
    push("pageNameSet", { path: page.path as string, name: page.name as string });
    for (const m of page.metaTags as Init[])
      push("pageMetaTagAdded", { path: page.path as string, name: m.name as string, value: m.value as string });
    (page.components as Init[]).forEach((comp, position) => {
      const id = comp.id as Uint8Array;
      push("pageComponentAdded", { path: page.path as string, id, componentType: comp.componentType as number });
      push("pageComponentPositionSet", { id, position });
      const data = comp.data as { case: string; value: Init };
      if (data.case === "text") push("textComponentDataSet", { id, text: data.value.text as string });
      else if (data.case === "button")
        push("buttonComponentDataSet", {
          id,
          name: data.value.name as string,
          text: data.value.text as string,
          action: data.value.action as Uint8Array,
        });
      else push("blogComponentDataSet", { id, name: data.value.name as string, rss: data.value.rss as boolean, tags: data.value.tags as boolean });
    });
  }
  for (const ep of site.entryPoints as Init[]) {
    const kind = ep.kind as { case: string; value: Init };
    if (kind.case === "domain") push("domainEntryPointAdded", { domain: kind.value.domain as string });
    else push("freeEntryPointAdded", { userName: kind.value.userName as string, siteName: kind.value.siteName as string });
    if (kind.value.primary) push("primaryEntryPointSet", { lookupKey: (kind.value.domain ?? kind.value.userName) as string });
  }
  push("siteRevisionSet", { revision: site.revision as bigint });
  if (site.published) push("sitePublished", {});
  return { events };
}

// ---------------------------------------------------------------------------------------------

/**
 * A string-heavy message (bench.strings.v1.LargeStringMessage, after ScalaPB's LargeStringMessage):
 * 16 long string fields (one with 2-, 3- and 4-byte UTF-8) and 12 repeated strings.
 */
export function buildStrings(rng: Rng): Init {
  const para = (min: number, max: number) => {
    let s = "";
    const n = rng.int(min, max);
    while (s.length < n) s += (s ? " " : "") + rng.pick(WORDS);
    return s;
  };
  const m: Init = { id: rng.u63() };
  for (let i = 1; i <= 16; i++) m[`s${i}`] = para(120, 400);
  // Some non-ASCII text too (UTF-8 of 2, 3 and 4 bytes).
  m.s7 = `Größenänderung — “${para(40, 80)}” — 日本語のテキスト 🚀 ${para(40, 80)}`;
  m.notes = Array.from({ length: 12 }, () => para(60, 200));
  return m;
}

/**
 * All fixtures, in table order. `jsonLength` gives the ProtoJSON length of an init of the named
 * type (used to size the Site DTOs the way the article does).
 */
export function buildFixtures(jsonLength: (typeName: string, init: Init) => number): Fixture[] {
  const siteJson = (init: Init) => jsonLength("bench.site.v1.Site", init);
  const sites: Fixture[] = [];
  let site2k: Init | undefined;
  for (const [kb, seed] of [
    [1, 101],
    [2, 102],
    [4, 104],
    [8, 108],
    [64, 164],
  ] as const) {
    const init = buildSite(new Rng(seed), kb * 1024, siteJson);
    if (kb === 2) site2k = init;
    const pages = init.pages as Init[];
    sites.push({
      id: `site-${kb}k`,
      title: `Site DTO, ~${kb} KB JSON`,
      typeName: "bench.site.v1.Site",
      init,
      readPath: pages.length > 0 ? ["pages", pages.length - 1, "path"] : ["name"],
    });
  }
  const events = buildSiteEvents(new Rng(200), site2k!);
  const fixtures: Fixture[] = [
    {
      id: "rpc-small",
      title: "small RPC request",
      typeName: "bench.rpc.v1.ListItemsRequest",
      init: buildSmallRpc(new Rng(1)),
      readPath: ["pageToken"],
    },
    {
      id: "rpc-request",
      title: "RPC request (headers, payload)",
      typeName: "bench.rpc.v1.RpcRequest",
      init: buildRpcRequest(new Rng(2)),
      readPath: ["caller", "principal"],
    },
    {
      id: "rpc-response",
      title: "RPC response (status, trailers)",
      typeName: "bench.rpc.v1.RpcResponse",
      init: buildRpcResponse(new Rng(3)),
      readPath: ["status", "details", 1, "reason"],
    },
    {
      id: "graphql-request",
      title: "GraphQL request",
      typeName: "bench.graphql.v1.GraphQLRequest",
      init: buildGraphQLRequest(new Rng(4)),
      readPath: ["operationName"],
    },
    {
      id: "graphql-response",
      title: "GraphQL response (20 orders)",
      typeName: "bench.graphql.v1.GraphQLResponse",
      init: buildGraphQLResponse(new Rng(5)),
      readPath: ["errors", 0, "message"],
    },
    {
      id: "otlp-trace",
      title: "OTLP traces, 100 spans",
      typeName: "bench.otel.v1.ExportTraceServiceRequest",
      init: buildTraceExport(new Rng(6), 100),
      readPath: ["resourceSpans", 0, "scopeSpans", 1, "spans", 5, "name"],
    },
    {
      id: "otlp-metrics",
      title: "OTLP metrics, 50 series",
      typeName: "bench.otel.v1.ExportMetricsServiceRequest",
      init: buildMetricsExport(new Rng(7), 50),
      readPath: ["resourceMetrics", 0, "scopeMetrics", 0, "metrics", 7, "name"],
    },
    {
      id: "otlp-logs",
      title: "OTLP logs, 100 records",
      typeName: "bench.otel.v1.ExportLogsServiceRequest",
      init: buildLogsExport(new Rng(8), 100),
      readPath: ["resourceLogs", 0, "scopeLogs", 0, "logRecords", 50, "attributes", 4, "key"],
    },
    {
      id: "k8s-pods",
      title: "Kubernetes PodList, 20 pods",
      typeName: "bench.k8s.v1.PodList",
      init: buildPodList(new Rng(9), 20),
      readPath: ["items", 10, "spec", "containers", 0, "image"],
    },
    {
      id: "stress",
      title: "stress tree, depth 8, 200 leaves",
      typeName: "bench.stress.v1.Node",
      init: buildStress(new Rng(10)),
      readPath: [
        "children",
        1,
        "children",
        0,
        "children",
        1,
        "children",
        2,
        "children",
        4,
        "children",
        0,
        "children",
        0,
        "children",
        0,
        "leaf",
        "fString",
      ],
    },
    ...sites,
    {
      id: "site-events",
      title: `Site events (rebuild the 2 KB site)`,
      typeName: "bench.site.v1.SiteEventList",
      init: events,
      readPath: ["events", 3, "id"],
    },
    ...buildMicroFixtures(),
  ];
  return fixtures;
}
