// Self-test of scripts/check-docs.mjs: node --test scripts/
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { anchors, checkFile, links, slug } from "./check-docs.mjs";

const dir = mkdtempSync(join(tmpdir(), "check-docs-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("slug() follows GitHub's anchors", () => {
  assert.equal(slug("Pooled results (`pooled: true`)".replace(/`/g, "")), "pooled-results-pooled-true");
  assert.equal(slug("Session 28: malloc's fast bins"), "session-28-mallocs-fast-bins");
  assert.equal(slug("perf.ts"), "perfts");
});

test("anchors() numbers repeated headings and skips code blocks", () => {
  const a = anchors('# A\n## A\n```\n# B\n```\n<a id="x"></a>\n');
  assert.deepEqual([...a].sort(), ["a", "a-1", "x"]);
});

test("links() finds links outside code", () => {
  assert.deepEqual(
    links("see [a](b.md#c) and `[x](y)`\n```\n[p](q)\n```\n").map((l) => l.target),
    ["b.md#c"],
  );
});

test("checkFile() reports a missing file and a missing heading", () => {
  writeFileSync(join(dir, "target.md"), "# Here\n");
  const doc = join(dir, "doc.md");
  writeFileSync(doc, "[ok](target.md#here) [gone](nothing.md) [bad](target.md#there) [web](https://x.y/#z)\n");
  const problems = checkFile(doc);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /nothing\.md: no such file/);
  assert.match(problems[1], /no heading #there/);
});
