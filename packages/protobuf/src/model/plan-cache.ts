/**
 * Compiled codecs are built once per message descriptor and cached on it under private
 * symbols, so that no call walks descriptors generically.
 */
import type { DescMessage } from "../descriptors/types.js";

/** Returns the value cached on a descriptor under `key`, building it on first use. */
export function cachedPlan<T>(desc: DescMessage, key: symbol, build: (desc: DescMessage) => T): T {
  const holder = desc as unknown as Record<symbol, T | undefined>;
  let plan = holder[key];
  if (plan === undefined) {
    plan = build(desc);
    Object.defineProperty(desc, key, { value: plan, enumerable: false });
  }
  return plan;
}
