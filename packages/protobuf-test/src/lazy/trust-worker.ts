/**
 * Runs trust-mode checks (trust-check.ts) off the test's thread, so that trust.test.ts can stop
 * an input that hangs. Not a test suite itself.
 */
import Module from "node:module";
import { parentPort, workerData } from "node:worker_threads";

// Resolve @pbjet/protobuf to the build the test itself uses (jest may map it elsewhere).
const mapped = (workerData as { protobufEntry?: string } | undefined)?.protobufEntry;
if (mapped !== undefined) {
  const dir = mapped.replace(/[\\/]index\.js$/, "");
  const m = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = m._resolveFilename;
  m._resolveFilename = (request: string, ...rest: unknown[]) => {
    if (request === "@pbjet/protobuf") return mapped;
    if (request.startsWith("@pbjet/protobuf/")) return `${dir}/${request.slice("@pbjet/protobuf/".length)}/index.js`;
    return resolve.call(Module, request, ...rest);
  };
}

// Loaded after the resolution hook is in place.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runTrustCases } = require("./trust-check") as typeof import("./trust-check");

parentPort!.on("message", (job: { set: "test" | "conformance"; typeName: string; seed: number; runs: number }) => {
  parentPort!.postMessage(runTrustCases(job.set, job.typeName, job.seed, job.runs));
});
