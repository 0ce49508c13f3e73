/**
 * Decoding the base64 that generated code embeds its file descriptors in. Code generators
 * (protobuf-es's and ours) write it with the standard alphabet, without padding, which the
 * platform's atob() decodes (forgiving-base64: Node.js, Deno, Bun and browsers have it): the
 * strict decoder of wire/base64.ts, with its error reporting, is for input from elsewhere (JSON
 * `bytes` values, base64Decode()), and a program that only decodes binary does not carry it.
 */

/** Decodes base64 in the standard alphabet, padded or not. The input is trusted (generated code). */
export function decodeEmbeddedBase64(b64: string): Uint8Array {
  const bin = (globalThis as unknown as { atob(data: string): string }).atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
