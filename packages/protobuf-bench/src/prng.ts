// A small seeded pseudo-random generator and helpers, so every run builds byte-identical fixtures.

/** Deterministic generator (32-bit state, splitmix-style mixing). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  bool(pTrue = 0.5): boolean {
    return this.float() < pTrue;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff;
    return out;
  }

  /** A random version-4 UUID as 16 bytes. */
  uuidBytes(): Uint8Array {
    const b = this.bytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    return b;
  }

  /** A random version-4 UUID in its 36-character text form. */
  uuid(): string {
    const hex = toHex(this.uuidBytes());
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  hex(nBytes: number): string {
    return toHex(this.bytes(nBytes));
  }

  /** Alphanumeric token of the given length. */
  token(n: number): string {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.u32() % alphabet.length];
    return s;
  }

  /** Words from the list joined with spaces, first letter upper case when `sentence`. */
  words(n: number, sentence = false): string {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(this.pick(WORDS));
    const s = parts.join(" ");
    return sentence ? s.charAt(0).toUpperCase() + s.slice(1) + "." : s;
  }

  /** A 64-bit value as bigint in [0, 2^63). */
  u63(): bigint {
    return (BigInt(this.u32() & 0x7fffffff) << 32n) | BigInt(this.u32());
  }
}

export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

// Plain English words for names, descriptions and log lines.
export const WORDS = [
  "account",
  "active",
  "address",
  "agent",
  "alpha",
  "amber",
  "anchor",
  "archive",
  "atlas",
  "audit",
  "balance",
  "batch",
  "beacon",
  "billing",
  "binary",
  "border",
  "branch",
  "bridge",
  "bucket",
  "buffer",
  "cache",
  "canvas",
  "cargo",
  "catalog",
  "channel",
  "checkout",
  "cipher",
  "client",
  "cluster",
  "column",
  "comet",
  "commit",
  "config",
  "consumer",
  "contact",
  "cookie",
  "credit",
  "cursor",
  "daemon",
  "dashboard",
  "delta",
  "deploy",
  "device",
  "digest",
  "domain",
  "draft",
  "echo",
  "edge",
  "editor",
  "engine",
  "event",
  "export",
  "falcon",
  "feature",
  "filter",
  "folder",
  "forest",
  "frame",
  "gallery",
  "garden",
  "gateway",
  "glacier",
  "graph",
  "harbor",
  "header",
  "helium",
  "history",
  "horizon",
  "import",
  "index",
  "invoice",
  "island",
  "journal",
  "kernel",
  "ledger",
  "lemon",
  "library",
  "limit",
  "linear",
  "lobby",
  "market",
  "matrix",
  "meadow",
  "member",
  "metric",
  "mirror",
  "module",
  "monitor",
  "nebula",
  "network",
  "notice",
  "object",
  "offset",
  "orbit",
  "order",
  "output",
  "packet",
  "palette",
  "panel",
  "parcel",
  "pattern",
  "payment",
  "pillar",
  "pipeline",
  "planet",
  "portal",
  "preview",
  "profile",
  "prompt",
  "quartz",
  "query",
  "queue",
  "radius",
  "random",
  "record",
  "region",
  "render",
  "replica",
  "report",
  "request",
  "river",
  "router",
  "sample",
  "scheduler",
  "schema",
  "screen",
  "script",
  "search",
  "sector",
  "session",
  "shadow",
  "signal",
  "socket",
  "source",
  "spectrum",
  "stream",
  "studio",
  "summit",
  "switch",
  "syntax",
  "table",
  "target",
  "tenant",
  "thread",
  "ticket",
  "timber",
  "token",
  "topic",
  "tracker",
  "travel",
  "update",
  "upload",
  "valley",
  "vector",
  "venture",
  "version",
  "vertex",
  "viewer",
  "volume",
  "window",
  "worker",
  "yellow",
  "zenith",
  "zone",
] as const;
