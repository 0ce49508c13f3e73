// Checks the links of the repository's Markdown documents: every relative link must name a file
// or folder that exists, and every #anchor a heading of its target (GitHub's slugs). Also checks
// the length limits of the two documents a newcomer reads first.
//
//   node scripts/check-docs.mjs        (part of `npm run check`)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Line limits of documents (issue 49: a README and a BENCHMARKS.md a person reads). */
const lineLimits = { "README.md": 220, "BENCHMARKS.md": 400 };

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown text: its headings' slugs (numbered on repeats) and `<a id>`s. */
export function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const line of withoutCode(text).split("\n")) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) {
      const base = slug(m[1].replace(/`/g, ""));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(a[1]);
  }
  return out;
}

/** The text with fenced code blocks blanked (their lines kept, so line numbers stay right). */
function withoutCode(text) {
  let fenced = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line;
    })
    .join("\n");
}

/** The links of a Markdown text: { target, line } for every `[text](target)`. */
export function links(text) {
  const out = [];
  withoutCode(text)
    .split("\n")
    .forEach((line, i) => {
      const plain = line.replace(/`[^`]*`/g, "");
      for (const m of plain.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ target: m[1], line: i + 1 });
    });
  return out;
}

/** The Markdown files of the repository, outside node_modules and build output. */
function markdownFiles(dir = root) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || ["node_modules", "dist", "gen", "gen-aot", "work"].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out;
}

/** The problems of one document, as strings. */
export function checkFile(file) {
  const text = readFileSync(file, "utf8");
  const problems = [];
  const where = (line) => `${relative(root, file)}:${line}`;
  for (const { target, line } of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
    const [path, anchor] = target.split("#");
    const dest = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!existsSync(dest)) {
      problems.push(`${where(line)}: ${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && statSync(dest).isFile() && dest.endsWith(".md")) {
      if (!anchors(readFileSync(dest, "utf8")).has(anchor)) problems.push(`${where(line)}: ${target}: no heading #${anchor}`);
    }
  }
  const limit = lineLimits[relative(root, file)];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (limit !== undefined && lines > limit) problems.push(`${relative(root, file)}: ${lines} lines, more than ${limit}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = markdownFiles();
  const problems = files.flatMap(checkFile);
  for (const p of problems) console.error(`check-docs: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(`check-docs: ${files.length} Markdown files, every relative link and anchor resolves`);
}
