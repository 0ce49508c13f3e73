// What platform this is, its arguments, and how to exit: the few things main.js and dual.js
// need from the host, without assuming Node.js.

/** "node 20.20.2", "bun 1.4.5", "deno 2.9.6", or the browser's user agent. */
export function platformName() {
  if (typeof globalThis.Deno !== "undefined") return `deno ${globalThis.Deno.version.deno}`;
  if (typeof globalThis.Bun !== "undefined") return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.process?.versions?.node === "string") return `node ${globalThis.process.versions.node}`;
  if (typeof navigator !== "undefined") return navigator.userAgent;
  return "unknown";
}

/** The command line arguments after the script, where there is a command line. */
export function scriptArgs() {
  return globalThis.Deno?.args ?? globalThis.process?.argv?.slice(2) ?? [];
}

/** Ends the process with `code` (nothing in a browser). */
export function exit(code) {
  if (typeof globalThis.Deno !== "undefined") globalThis.Deno.exit(code);
  else if (typeof globalThis.process?.exit === "function") globalThis.process.exit(code);
}
