// Writing a generated section of BENCHMARKS.md: the text between `<!-- <name>:start -->` and
// `<!-- <name>:end -->` is replaced; without the markers, the section is appended under a heading.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** Replaces (or appends, after `heading`) the section between the markers named `name` in `mdPath`. */
export function writeMarkedSection(mdPath: string, name: string, markdown: string, heading: string): void {
  const START = `<!-- ${name}:start -->`;
  const END = `<!-- ${name}:end -->`;
  const section = `${START}\n${markdown}\n${END}`;
  let doc = existsSync(mdPath) ? readFileSync(mdPath, "utf8") : "# Benchmarks\n";
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a >= 0 && b > a) {
    doc = doc.slice(0, a) + section + doc.slice(b + END.length);
  } else {
    doc = doc.replace(/\s*$/, "\n") + `\n${heading}\n\n${section}\n`;
  }
  writeFileSync(mdPath, doc);
}
