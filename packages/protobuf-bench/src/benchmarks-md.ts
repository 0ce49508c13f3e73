// Writing generated markdown: a section of BENCHMARKS.md (the text between `<!-- <name>:start -->`
// and `<!-- <name>:end -->` is replaced; without the markers, the section is appended under a
// heading), or a whole page under docs/benchmarks/ (a 3-line header, then the marked section).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

function marked(name: string, markdown: string): string {
  return `<!-- ${name}:start -->\n${markdown}\n<!-- ${name}:end -->`;
}

/** Replaces (or appends, after `heading`) the section between the markers named `name` in `mdPath`. */
export function writeMarkedSection(mdPath: string, name: string, markdown: string, heading: string): void {
  const START = `<!-- ${name}:start -->`;
  const END = `<!-- ${name}:end -->`;
  const section = marked(name, markdown);
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

/** What a generated page under docs/benchmarks/ says about itself in its 3-line header. */
export interface PageHeader {
  /** The page's title: what it holds. */
  readonly title: string;
  /** The command that writes the page. */
  readonly command: string;
  /** The script behind the command, relative to the repository root. */
  readonly script: string;
  /** Where the summary lives, relative to the page (e.g. `../../BENCHMARKS.md#matrix`). */
  readonly summaryLink: string;
  /** The date of the run (ISO 8601). */
  readonly date: string;
}

/** The 3-line header of a generated page: what it is, the command that writes it, the date of the run. */
export function pageHeader(h: PageHeader): string {
  return [
    `# ${h.title}`,
    `Written by \`${h.command}\` (\`${h.script}\`); the summary is in [BENCHMARKS.md](${h.summaryLink}).`,
    `Run of ${h.date}. Generated: do not edit, rerun the command.`,
  ].join("\n");
}

/** Writes the whole page `mdPath`: the header, then `markdown` between the markers named `name`. */
export function writeGeneratedPage(mdPath: string, header: PageHeader, name: string, markdown: string): void {
  mkdirSync(dirname(mdPath), { recursive: true });
  writeFileSync(mdPath, `${pageHeader(header)}\n\n${marked(name, markdown)}\n`);
}
