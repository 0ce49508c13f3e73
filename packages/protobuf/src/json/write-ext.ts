/**
 * The extensions that a message's JSON holds, for both JSON writers (writer.ts and
 * text-writer.ts): those in its unknown fields that the registry knows, each once, under the
 * key `"[full.name]"`.
 */
import type { DescExtension, DescMessage } from "../descriptors/types.js";
import type { Registry } from "../registry/registry.js";
import type { Message } from "../types.js";
import { getExtension } from "../binary/extensions.js";
import { withSegment } from "./errors.js";

/**
 * Calls `write` with the JSON key and the value of each extension of `msg` that `registry`
 * knows, in the order of the unknown fields; a problem thrown by `write` gets the key's segment.
 */
export function forEachExtension(
  desc: DescMessage,
  msg: Message,
  registry: Registry,
  write: (ext: DescExtension, key: string, value: unknown) => void,
): void {
  let done: Set<number> | undefined;
  for (const u of msg.$unknown!) {
    if (done?.has(u.no)) continue;
    (done ??= new Set()).add(u.no);
    const ext = registry.getExtensionFor(desc, u.no);
    if (ext === undefined) continue;
    const key = "[" + ext.typeName + "]";
    try {
      write(ext, key, getExtension(msg as never, ext));
    } catch (e) {
      throw withSegment(e, "." + key);
    }
  }
}
