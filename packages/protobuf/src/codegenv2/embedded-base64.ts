/**
 * Decoding the base64 that generated code embeds its file descriptors in. Code generators
 * (protobuf-es's and ours) write it with the standard alphabet, without padding, so a small
 * decoder does: the strict decoder of wire/base64.ts, with its error reporting, is for input
 * from elsewhere (JSON `bytes` values, base64Decode()), and a program that only decodes
 * binary does not carry it.
 */

/**
 * Decodes base64 in the standard alphabet, up to the padding if there is any. The input is
 * trusted (generated code): it is not checked.
 */
export function decodeEmbeddedBase64(b64: string): Uint8Array {
  const out = new Uint8Array((b64.length * 3) >> 2);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < b64.length; i++) {
    const c = b64.charCodeAt(i);
    if (c === 61) break; // "="
    // a-z: 26-51, A-Z: 0-25, 0-9: 52-61, "/": 63, "+": 62.
    acc = (acc << 6) | (c > 96 ? c - 71 : c > 64 ? c - 65 : c > 47 ? c + 4 : c > 45 ? 63 : 62);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = acc >> bits;
    }
  }
  return out.subarray(0, o);
}
