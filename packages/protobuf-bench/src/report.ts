// Renders the matrix results: the summary for BENCHMARKS.md, every cell for docs/benchmarks/matrix.md,
// and an SVG chart of the ratios.

import { LIBS, OP_TITLES, PEERS, type LibId, type Op } from "./libs.js";

export interface CellOutcome {
  readonly fixture: string;
  readonly op: Op;
  /** ops/s per row that ran. */
  readonly hz: Partial<Record<LibId, number>>;
  /** ops per wall-clock second (summed calls over summed slice time). */
  readonly hzWall?: Partial<Record<LibId, number>>;
  /** CPU ms of warm-up each row took beyond the fixed warm-up until it stopped getting faster. */
  readonly settleMs?: Partial<Record<LibId, number>>;
  readonly rounds: number;
  /** CPU time over wall time of the slices: below 1, the process lost the CPU to others. */
  readonly cpuShare?: number;
}

export interface SizeRow {
  readonly fixture: string;
  readonly title: string;
  readonly binary: number;
  readonly binaryGz: number;
  readonly json: number;
  readonly jsonGz: number;
  readonly note?: string;
}

export interface ReportInput {
  readonly mode: "quick" | "full";
  readonly command: string;
  readonly nodeCommand: string;
  readonly date: string;
  readonly machine: { node: string; nproc: string; cpu: string; os: string; memory: string };
  readonly versions: Record<string, string>;
  readonly method: string;
  readonly fixtures: readonly { id: string; title: string }[];
  readonly ops: readonly Op[];
  readonly cells: readonly CellOutcome[];
  readonly sizes: readonly SizeRow[];
  readonly checks: readonly string[];
  readonly problems: readonly string[];
  /** Cells left out because a check failed as a peer's stated limit says it must. */
  readonly limitExclusions?: readonly string[];
  readonly notes: readonly string[];
  readonly svgPath: string;
}

const OTHERS: readonly LibId[] = ["pbjetAA", "pbjetAot", "pbjetAotPooled", "es", "pjsKeep", "pjsDefault", "tsProto", "pbf", "pjsProtojson", "json"];
/** Issue 12's floor: no cell below this fraction of any peer. */
const FLOOR = 0.9;

/** A row's ops/s over the fastest peer's in a cell, or undefined if either is missing. */
export function overBestPeer(cell: CellOutcome, lib: LibId): number | undefined {
  const v = cell.hz[lib];
  const peers = PEERS.map((p) => cell.hz[p]).filter((h): h is number => h !== undefined);
  if (v === undefined || peers.length === 0) return undefined;
  return v / Math.max(...peers);
}

export function ratio(cell: CellOutcome, lib: LibId): number | undefined {
  const base = cell.hz.pbjet;
  const v = cell.hz[lib];
  if (base === undefined || v === undefined || base <= 0) return undefined;
  return v / base;
}

export function geomean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  return Math.exp(values.reduce((a, v) => a + Math.log(v), 0) / values.length);
}

function fmtHz(hz: number): string {
  if (hz >= 100) return Math.round(hz).toLocaleString("en-US");
  if (hz >= 10) return hz.toFixed(1);
  return hz.toFixed(2);
}

function fmtRatio(r: number | undefined): string {
  if (r === undefined) return "–";
  return `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`;
}

function label(lib: LibId): string {
  return LIBS.find((l) => l.id === lib)!.label;
}

/** "n/a" where the library does not offer the operation, "–" where the cell was not timed. */
function missing(lib: LibId, op: Op): string {
  return LIBS.find((l) => l.id === lib)!.unsupported?.includes(op) ? "n/a" : "–";
}

/** The peers whose limits the report states (issue 48). */
const LIMITED: readonly LibId[] = ["tsProto", "pbf"];

/** The stated limits of ts-proto and pbf that ran, as list items. */
function renderLimits(libs: readonly LibId[]): string[] {
  const out: string[] = [];
  for (const l of LIBS) {
    if (!libs.includes(l.id) || !l.limits) continue;
    for (const lim of l.limits) out.push(`- ${l.label}: ${lim}`);
  }
  return out;
}

function libsIn(cells: readonly CellOutcome[]): LibId[] {
  return OTHERS.filter((l) => cells.some((c) => c.hz[l] !== undefined));
}

/** Geomean ratio per op and row over the fixtures that have both. */
export function summary(input: Pick<ReportInput, "ops" | "cells">): Map<Op, Map<LibId, { g: number; n: number; lead: number }>> {
  const out = new Map<Op, Map<LibId, { g: number; n: number; lead: number }>>();
  for (const op of input.ops) {
    const row = new Map<LibId, { g: number; n: number; lead: number }>();
    const cells = input.cells.filter((c) => c.op === op);
    for (const lib of OTHERS) {
      const rs = cells.map((c) => ratio(c, lib)).filter((r): r is number => r !== undefined);
      const g = geomean(rs);
      if (g !== undefined) row.set(lib, { g, n: rs.length, lead: rs.filter((r) => r < 1).length });
    }
    out.set(op, row);
  }
  return out;
}

/** The run's context: machine, command, libraries and method, as a list. */
export function renderContext(input: Pick<ReportInput, "machine" | "command" | "nodeCommand" | "versions" | "method">): string[] {
  const m = input.machine;
  const libs = Object.entries(input.versions).map(([k, v]) => `${k} ${v}`);
  return [
    `- Machine: Node.js ${m.node}, \`nproc\` ${m.nproc}, ${m.cpu}, ${m.memory}, ${m.os}`,
    `- Command: \`${input.command}\`, which runs \`${input.nodeCommand}\``,
    `- Libraries: ${libs.join(", ")}`,
    `- Method: ${input.method}`,
  ];
}

/** The matrix report in two parts: `summary` for BENCHMARKS.md, `details` (every cell) for the page at `detailsPath`. */
export function renderMarkdown(input: ReportInput, detailsPath: string): { summary: string; details: string } {
  const L: string[] = [];
  const sum = summary(input);
  L.push(`_Generated by \`${input.command}\` (${input.mode} mode) on ${input.date}; do not edit between the markers — rerun instead._`);
  L.push(`Every cell, the encoded sizes, the correctness checks and the rows: [${detailsPath}](${detailsPath}).`);
  if (input.problems.length > 0) L.push(`**${input.problems.length} correctness problems: see there.**`);
  L.push("");

  // A/A health first: the ratios below mean little if the control is off.
  const aa = input.cells.map((c) => ratio(c, "pbjetAA")).filter((r): r is number => r !== undefined);
  if (aa.length > 0) {
    const g = geomean(aa)!;
    const sorted = [...aa].sort((a, b) => a - b);
    const within = aa.filter((r) => r >= 0.9 && r <= 1.1).length;
    L.push(
      `A/A control (pbjet against itself): geomean ${fmtRatio(g)}, range ${fmtRatio(sorted[0])}–${fmtRatio(sorted[sorted.length - 1])}, ${within} of ${aa.length} cells within 0.90–1.10x. ${within / aa.length >= 0.9 && Math.abs(g - 1) < 0.05 ? "The run is usable." : "**Too noisy: treat every ratio below as rough.**"}`,
    );
    L.push("");
  }

  const shares = input.cells.map((c) => c.cpuShare).filter((v): v is number => v !== undefined);
  if (shares.length > 0) {
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    L.push(
      `CPU share: during its slices the benchmark process was on the CPU ${(mean * 100).toFixed(0)}% of the wall-clock time (${mean > 0.9 ? "a quiet machine" : "the machine was busy with other work; rates use CPU time, so they hold up better than wall-clock ones, but caches and memory bandwidth were shared"}).`,
    );
    L.push("");
  }
  L.push("### Summary");
  L.push("");
  L.push(
    "Geometric mean over the fixtures of each row's ops/s divided by pbjet's (**below 1.00x: pbjet is faster**), and in how many fixtures pbjet leads.",
  );
  L.push("");
  const sumLibs = libsIn(input.cells);
  L.push(`| operation | ${sumLibs.map(label).join(" | ")} |`);
  L.push(`|---|${sumLibs.map(() => "---:").join("|")}|`);
  for (const op of input.ops) {
    const row = sum.get(op)!;
    L.push(
      `| ${OP_TITLES[op]} | ${sumLibs.map((l) => (row.has(l) ? `${fmtRatio(row.get(l)!.g)}${l === "pbjetAA" ? "" : ` (${row.get(l)!.lead}/${row.get(l)!.n})`}` : missing(l, op))).join(" | ")} |`,
    );
  }
  L.push("");
  L.push(`![Ratios of each library's ops/s to pbjet's, per fixture and operation, log scale](${input.svgPath})`);
  L.push("");

  // Reading: generated from the numbers, no adjectives.
  L.push("Reading (against protobuf-es, the API we replace, protobufjs with unknown fields kept, ts-proto and pbf):");
  L.push("");
  for (const op of input.ops) {
    const row = sum.get(op)!;
    const parts: string[] = [];
    for (const lib of ["es", "pjsKeep", "tsProto", "pbf"] as const) {
      const s = row.get(lib);
      if (!s) continue;
      const cells = input.cells.filter((c) => c.op === op && ratio(c, lib) !== undefined);
      const worst = cells.reduce<CellOutcome | undefined>((w, c) => (w === undefined || ratio(c, lib)! > ratio(w, lib)! ? c : w), undefined);
      const best = cells.reduce<CellOutcome | undefined>((w, c) => (w === undefined || ratio(c, lib)! < ratio(w, lib)! ? c : w), undefined);
      const verdict = s.g < 1 ? `pbjet ${(1 / s.g).toFixed(2)}x faster overall` : `pbjet ${s.g.toFixed(2)}x slower overall`;
      parts.push(
        `${label(lib)}: ${verdict}, leads in ${s.lead} of ${s.n}; best ${best!.fixture} (${fmtRatio(ratio(best!, lib))}), worst ${worst!.fixture} (${fmtRatio(ratio(worst!, lib))})`,
      );
    }
    if (parts.length > 0) L.push(`- ${OP_TITLES[op]} — ${parts.join("; ")}`);
  }
  L.push("");

  // Issue 12's targets: the aot rows over the fastest peer of each cell.
  const aotRows = (["pbjetAot", "pbjetAotPooled"] as const).filter((l) => input.cells.some((c) => c.hz[l] !== undefined));
  if (aotRows.length > 0) {
    L.push("### The aot rows against the fastest peer");
    L.push("");
    L.push(
      `Per operation: the geometric mean over the fixtures of the row's ops/s divided by the fastest of ${PEERS.map(label).join(", ")} in the same cell (the target of issues 12 and 48: 1.20x), the lowest cell, and the cells below ${FLOOR.toFixed(2)}x (their floor). A peer that has no cell (n/a, or left out by its limits) does not count in it.`,
    );
    L.push("");
    L.push(`| operation | ${aotRows.map((l) => `${label(l)}: geomean | lowest | below ${FLOOR.toFixed(2)}x`).join(" | ")} |`);
    L.push(`|---|${aotRows.map(() => "---:|---|---").join("|")}|`);
    for (const op of input.ops) {
      const cols = aotRows.map((l) => {
        const rs = input.cells
          .filter((c) => c.op === op)
          .map((c) => ({ fixture: c.fixture, r: overBestPeer(c, l) }))
          .filter((x): x is { fixture: string; r: number } => x.r !== undefined);
        if (rs.length === 0) return "– | – | –";
        const low = rs.reduce((a, b) => (b.r < a.r ? b : a));
        const below = rs.filter((x) => x.r < FLOOR).map((x) => `${x.fixture} ${fmtRatio(x.r)}`);
        return `${fmtRatio(geomean(rs.map((x) => x.r)))} | ${low.fixture} ${fmtRatio(low.r)} | ${below.length > 0 ? below.join(", ") : "none"}`;
      });
      L.push(`| ${OP_TITLES[op]} | ${cols.join(" | ")} |`);
    }
    L.push("");
  }

  // What ts-proto and pbf cannot do: one line here (BENCHMARKS.md has a length limit), the list in the details.
  const limited = LIMITED.filter((l) => sumLibs.includes(l));
  if (limited.length > 0) {
    const ex = input.limitExclusions ?? [];
    L.push(
      `**Limits of ${limited.map(label).join(" and ")}**: neither represents everything the fixtures hold (pbf: no ProtoJSON, 64-bit values as numbers, every scalar oneof member written; ts-proto: no presence for zero proto2 optionals, non-ProtoJSON Duration); ${ex.length === 0 ? "no cell was left out for that" : `${ex.length} checks failed as those limits say they must, and left their cells out`}. The list: [${detailsPath}](${detailsPath}#limits-of-ts-proto-and-pbf).`,
    );
  }
  const summaryText = L.join("\n").trimEnd();

  L.length = 0;
  L.push(...renderContext(input));
  L.push("");
  for (const op of input.ops) {
    const cells = input.cells.filter((c) => c.op === op);
    if (cells.length === 0) continue;
    // Rows that ran, and those of the run that do not offer this operation (their cells: n/a).
    const ran = libsIn(input.cells);
    const libs = OTHERS.filter((l) => libsIn(cells).includes(l) || (ran.includes(l) && missing(l, op) === "n/a"));
    L.push(`## ${OP_TITLES[op]}`);
    L.push("");
    L.push(`ops/s, and in parentheses the ratio to pbjet (below 1.00x: pbjet is faster).`);
    L.push("");
    L.push(`| fixture | pbjet | ${libs.map(label).join(" | ")} |`);
    L.push(`|---|---:|${libs.map(() => "---:").join("|")}|`);
    for (const fx of input.fixtures) {
      const c = cells.find((x) => x.fixture === fx.id);
      if (!c) continue;
      const cols = libs.map((l) => {
        const hz = c.hz[l];
        if (hz === undefined) return missing(l, op);
        if (l === "pbjetAA") return fmtRatio(ratio(c, l));
        return c.hz.pbjet === undefined ? fmtHz(hz) : `${fmtHz(hz)} (${fmtRatio(ratio(c, l))})`;
      });
      L.push(`| ${fx.id} | ${c.hz.pbjet === undefined ? "–" : fmtHz(c.hz.pbjet)} | ${cols.join(" | ")} |`);
    }
    L.push("");
  }

  L.push("## Encoded sizes");
  L.push("");
  L.push(
    "Bytes of each fixture in the binary format and in ProtoJSON (compact, as `toJsonString` writes it), raw and gzipped (zlib, default level), as in the article's size tables. The Site DTOs are sized by their JSON length, as the article sizes its 1k–64k objects.",
  );
  L.push("");
  L.push("| fixture | what | binary | binary gz | JSON | JSON gz | binary / JSON |");
  L.push("|---|---|---:|---:|---:|---:|---:|");
  for (const s of input.sizes) {
    L.push(
      `| ${s.fixture} | ${s.title}${s.note ? ` (${s.note})` : ""} | ${s.binary.toLocaleString("en-US")} | ${s.binaryGz.toLocaleString("en-US")} | ${s.json.toLocaleString("en-US")} | ${s.jsonGz.toLocaleString("en-US")} | ${(s.binary / s.json).toFixed(2)} |`,
    );
  }
  L.push("");

  L.push("## Correctness checks (run before timing)");
  L.push("");
  for (const c of input.checks) L.push(`- ${c}`);
  if (input.problems.length === 0)
    L.push(
      "- No problems: every library's bytes decode in pbjet to a message equal to pbjet's own (ts-proto's and pbf's: to the fixture as each can hold it), and the binary sizes agree (ts-proto's and pbf's where they differ: see the notes under Rows).",
    );
  else for (const p of input.problems) L.push(`- **${p}**`);
  L.push("");
  const limitedHere = LIMITED.filter((l) => libsIn(input.cells).includes(l));
  if (limitedHere.length > 0) {
    L.push("## Limits of ts-proto and pbf");
    L.push("");
    L.push(...renderLimits(limitedHere));
    L.push("");
    const ex = input.limitExclusions ?? [];
    L.push(
      ex.length === 0
        ? "No check failed because of these limits."
        : "Checks that failed as one of these limits says they must; the cells they name are not timed for that library:",
    );
    L.push("");
    for (const p of ex) L.push(`- ${p}`);
    if (ex.length > 0) L.push("");
  }

  L.push("## Rows");
  L.push("");
  for (const l of LIBS) L.push(`- **${l.label}**: ${l.note}${l.limits ? " (limits: see above)" : ""}`);
  for (const n of input.notes) L.push(`- ${n}`);
  return { summary: summaryText, details: L.join("\n") };
}

// ---------------------------------------------------------------------------------------------
// SVG chart: one panel per operation; in each, one group of horizontal bars per fixture, one bar
// per row, drawn from the 1.00x line on a log scale (left: pbjet faster, right: pbjet slower).

const COLORS: Record<LibId, string> = {
  pbjet: "#000000",
  pbjetAA: "#9e9e9e",
  pbjetAot: "#7b1fa2",
  pbjetAotPooled: "#ce93d8",
  es: "#3b6fd8",
  pjsKeep: "#e07b00",
  pjsDefault: "#f2b35e",
  tsProto: "#00838f",
  pbf: "#6d4c41",
  pjsProtojson: "#b0476b",
  json: "#2e9d57",
};

function esc(s: string): string {
  return s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export function renderSvg(input: Pick<ReportInput, "ops" | "cells" | "fixtures" | "date" | "mode" | "machine">): string {
  const libs = libsIn(input.cells);
  const minR = 1 / 16;
  const maxR = 16;
  const bar = 4;
  const groupGap = 6;
  const labelW = 120;
  const plotW = 300;
  const panelPad = 16;
  const panelW = labelW + plotW + panelPad * 2;
  const cols = 2;
  const groupH = libs.length * bar + groupGap;
  const fixtures = input.fixtures;
  const panelH = 40 + fixtures.length * groupH + 40;
  const rows = Math.ceil(input.ops.length / cols);
  const headerH = 70;
  const width = cols * panelW;
  const height = headerH + rows * panelH + 10;
  const x = (r: number) => {
    const c = Math.min(maxR, Math.max(minR, r));
    return labelW + ((Math.log2(c) - Math.log2(minR)) / (Math.log2(maxR) - Math.log2(minR))) * plotW;
  };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="10">`,
  );
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(
    `<text x="12" y="20" font-size="14" font-weight="bold">Throughput relative to pbjet (ops/s ratio, log scale) — left of 1x: pbjet is faster</text>`,
  );
  out.push(
    `<text x="12" y="36" fill="#555">${esc(`${input.mode} run, ${input.date}, Node.js ${input.machine.node}, ${input.machine.cpu}, nproc ${input.machine.nproc}`)}</text>`,
  );
  let lx = 12;
  for (const l of libs) {
    out.push(`<rect x="${lx}" y="48" width="10" height="10" fill="${COLORS[l]}"/>`);
    out.push(`<text x="${lx + 14}" y="57">${esc(label(l))}</text>`);
    lx += 24 + label(l).length * 5.6;
  }
  input.ops.forEach((op, pi) => {
    const ox = (pi % cols) * panelW + panelPad;
    const oy = headerH + Math.floor(pi / cols) * panelH;
    out.push(`<g transform="translate(${ox},${oy})">`);
    out.push(`<text x="0" y="14" font-size="12" font-weight="bold">${esc(OP_TITLES[op])}</text>`);
    const top = 24;
    const bottom = top + fixtures.length * groupH;
    for (const t of [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8, 16]) {
      const tx = x(t);
      out.push(
        `<line x1="${tx.toFixed(1)}" y1="${top}" x2="${tx.toFixed(1)}" y2="${bottom}" stroke="${t === 1 ? "#000" : "#ddd"}" stroke-width="${t === 1 ? 1 : 0.6}"/>`,
      );
      out.push(`<text x="${tx.toFixed(1)}" y="${bottom + 12}" text-anchor="middle" fill="#444">${t < 1 ? `1/${1 / t}` : t}x</text>`);
    }
    out.push(`<text x="${(x(1) - 6).toFixed(1)}" y="${bottom + 26}" text-anchor="end" fill="#444">◀ pbjet faster</text>`);
    out.push(`<text x="${(x(1) + 6).toFixed(1)}" y="${bottom + 26}" fill="#444">pbjet slower ▶</text>`);
    fixtures.forEach((fx, fi) => {
      const gy = top + fi * groupH;
      out.push(`<text x="${labelW - 6}" y="${gy + (libs.length * bar) / 2 + 3}" text-anchor="end">${esc(fx.id)}</text>`);
      const cell = input.cells.find((c) => c.fixture === fx.id && c.op === op);
      libs.forEach((l, li) => {
        const r = cell ? ratio(cell, l) : undefined;
        if (r === undefined) return;
        const x0 = x(1);
        const x1 = x(r);
        const by = gy + li * bar;
        out.push(
          `<rect x="${Math.min(x0, x1).toFixed(1)}" y="${by}" width="${Math.max(0.8, Math.abs(x1 - x0)).toFixed(1)}" height="${bar - 0.6}" fill="${COLORS[l]}"><title>${esc(`${fx.id} · ${OP_TITLES[op]} · ${label(l)}: ${fmtRatio(r)}`)}</title></rect>`,
        );
      });
    });
    out.push(`</g>`);
  });
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
