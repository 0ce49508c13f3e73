// Finds the Chromium executable the browser targets run: an explicit path (--chromium or
// $CHROMIUM), else the first of the usual names on PATH. Shared by browser.mjs and run.mjs.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The path of the Chromium executable, or undefined if there is none. */
export function findChromium(explicit = process.env.CHROMIUM) {
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  for (const name of ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]) {
    try {
      const path = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (path) return path;
    } catch {
      // not there
    }
  }
  return undefined;
}
