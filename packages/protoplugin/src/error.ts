/**
 * PluginOptionError: a plugin option that is not known, or has an invalid value.
 */

/** A plugin option that is not known or has an invalid value: `invalid option "key=value": reason`. */
export class PluginOptionError extends Error {
  override name = "PluginOptionError";
  constructor(option: string, reason?: unknown) {
    const detail = reason === undefined ? "" : reasonToString(reason);
    super(detail === "" ? `invalid option "${option}"` : `invalid option "${option}": ${detail}`);
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** The text of an error or other thrown value. */
export function reasonToString(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return String(reason);
}

/** True for a PluginOptionError, also one from another copy of this package. */
export function isPluginOptionError(arg: unknown): arg is PluginOptionError {
  return arg instanceof Error && arg.name === "PluginOptionError";
}
