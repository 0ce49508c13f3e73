/**
 * The symbol under which reflection objects expose what they wrap: the message of a
 * ReflectMessage, the array of a ReflectList, the record of a ReflectMap.
 */

/** The key of the wrapped value of a ReflectMessage, ReflectList or ReflectMap. */
export const unsafeLocal: unique symbol = Symbol.for("reflect unsafe local");
