/**
 * Adaptive one-pass reads: when the views of a type (and of every type below it) end up read
 * broadly, the first read of a view of the type decodes its whole subtree in one pass with the
 * eager decoder (the type's compiled or ahead-of-time decoder) into an ordinary message, which
 * becomes the view's own storage (a **deep** view). Reading through it then costs what reading
 * an eager message costs; the view keeps its byte range, so that it is still written by copying
 * its bytes while nothing it handed out could have been changed (see view-change.ts).
 *
 * The statistics are kept per type in its plan: how many views were created, how many were
 * read at all, how many of their non-scalar fields were on the wire, and how many of those
 * were read. Views of a deep type are not observed below their own level (their sub-messages
 * are ordinary messages), so now and then a view of a deep type is read as views again, its
 * whole subtree too (a **probe**), and its statistics decide anew. A probe costs a read through
 * views; while the probes confirm the choice they come less often (every PROBE_EVERY-th view
 * of a type that just went deep, up to every MAX_PROBE_EVERY-th: a narrower reading below a
 * deep view's own level is seen by probes only, so they cannot get much rarer). Whether views
 * of a deep type are opened at all, and whether their own sub-messages and containers are read
 * (deep views count what they hold and hand out), is known without a probe, and checked every
 * DECIDE_EVERY views.
 */
import { messageDecoder, type DecodeContext } from "../binary/decoder.js";
import { zeroMessageFactory } from "../model/zero-message.js";
import { SlotKind, type OneofSlot, type Slot, type ViewPlan } from "./view-plan.js";
import type { ViewState } from "./view-state.js";
import type { DescMessage } from "../descriptors/types.js";
import type { Message } from "../types.js";
import type { BinaryReader } from "../wire/binary-reader.js";
import { scanView, viewReader } from "./view-scan.js";

/** How the first read of a view decodes it. */
export type LazyReadPolicy = "adaptive" | "views" | "decode";

let policy: LazyReadPolicy = "adaptive";

/**
 * Sets how lazy views are read (for the whole program): `"adaptive"` (the default) decodes a
 * view's subtree in one pass on its first read when views of its type were recently read
 * broadly (and a lazy decode of a whole input of such a type mostly returns an ordinary
 * message), and reads it field by field otherwise; `"views"` always reads field by field (every
 * sub-message is a view); `"decode"` always decodes the subtree in one pass on the first read.
 * Either way a view that was not changed is written by copying its bytes.
 */
export function setLazyReadPolicy(p: LazyReadPolicy): void {
  policy = p;
}

/** A type that goes deep reads its PROBE_EVERY-th view as views, to refresh the statistics. */
const PROBE_EVERY = 32;
/** Each probe that confirms the choice doubles the interval to the next, up to this many views. */
const MAX_PROBE_EVERY = 64;
/** A type that is not deep decides again after this many views (a power of 2). */
const DECIDE_EVERY = 16;
/** A type decides to go deep only after this many views. */
const MIN_VIEWS = 16;
/**
 * The statistics are halved when this many views were created, or this many fields found on
 * the wire, so that recent views count most (a change of the reading pattern is followed
 * within a few probes). The views window is short: a type with one view per message (a root
 * type) follows a change between passing messages through unread and reading them within
 * about 50 messages, not a thousand.
 */
const WINDOW = 32;
const FIELD_WINDOW = 128;
/** When a type goes deep, its statistics are scaled down to about this many fields, so that the probes that follow decide. */
const DEEP_START = 16;
/** Before a probe, the statistics of the types it reads are scaled down to about this many fields. */
const PROBE_START = 4;

/** How a view of a type is to be read, by the type's statistics. */
export const enum Choice {
  /** Field by field, as a view. */
  Views,
  /** Its subtree in one pass. */
  Deep,
  /** As views, the subtree too, for the statistics. */
  Probe,
  /** Not as a view: an ordinary message, decoded in one pass (roots only, see chooseRoot()). */
  Eager,
}

/**
 * Under "adaptive", a deep type's root decode samples every ROOT_SAMPLE-th input as a deep view
 * (which counts what is read from it); the others are returned as ordinary messages.
 */
const ROOT_SAMPLE = 8;

/**
 * How a lazy decode of a whole input of the type is to be read. Under "adaptive", a type that
 * reads broadly is decoded into an ordinary message outright (Choice.Eager): its fields are then
 * ordinary properties, which generic code writes and reads at an eager message's speed (writes
 * through computed names to a view's accessors take V8's slow path). Every ROOT_SAMPLE-th such
 * decode stays a deep view, so that a change of reading pattern is seen without a probe, and
 * the probes stay views.
 */
export function chooseRoot(plan: ViewPlan): Choice {
  const c = choose(plan);
  return c === Choice.Deep && policy === "adaptive" && (plan.tick & (ROOT_SAMPLE - 1)) !== 0 ? Choice.Eager : c;
}

/** How the next view of the type opened is to be read (advances the type's schedule). */
export function choose(plan: ViewPlan): Choice {
  if (policy !== "adaptive") return policy === "decode" ? Choice.Deep : Choice.Views;
  const tick = ++plan.tick;
  if (plan.deep) {
    if (plan.probed) {
      // Right after a probe (whose subtree has been read by now, as a rule), decide again.
      plan.probed = false;
      decide(plan);
      // The probe read the types below too: those it found read narrowly stop being deep.
      if (!plan.deep) settle(plan, new Set());
      // Confirmed: the next probe comes later.
      else if (plan.probeEvery < MAX_PROBE_EVERY) plan.probeEvery *= 2;
    } else if ((tick & (DECIDE_EVERY - 1)) === 0 && !readsMost(plan)) {
      // Views of the type are no longer read (passed on unread), or their sub-messages and
      // containers are not (the deep views count what they hand out): no probe needed to tell.
      plan.deep = false;
    }
    if (plan.deep) {
      if (--plan.untilProbe > 0 || plan.flat) return Choice.Deep;
      plan.untilProbe = plan.probeEvery;
      plan.probed = true;
      // The probe's reads decide: the types below keep little of their history.
      freshen(plan, new Set());
      return Choice.Probe;
    }
  } else if ((tick & (DECIDE_EVERY - 1)) === 0) {
    decide(plan);
  }
  return Choice.Views;
}

/**
 * Opens a view on the first read of one of its fields: decodes its subtree into its own
 * storage (and returns undefined) if its type reads broadly, or scans it and returns its slots.
 * A view that a validated decode decoded in one pass already (`deep`, its eager form set, no
 * own storage yet) takes its eager form as its own storage.
 */
export function openView(s: ViewState): unknown[] | undefined {
  const plan = s.plan;
  if (s.deep) {
    // Decoded in one pass by a validated decode (lazy-decode.ts): its eager form becomes its storage.
    if (s.eager === undefined) {
      decodeDeep(s);
    } else {
      s.own = s.eager as unknown as Record<string, unknown>;
      plan.opened++;
      countDeepFields(s);
    }
    return undefined;
  }
  if (!s.probe) {
    const c = choose(plan);
    if (c === Choice.Deep) {
      decodeDeep(s);
      return undefined;
    }
    if (c === Choice.Probe) s.probe = true;
  }
  return scanView(s);
}

/**
 * The whole input decoded in one pass by the eager decoder, for a validated decode of a type
 * that reads broadly: the decode validates the input as the eager decoder does (and throws
 * what it throws). The caller makes it the eager form of the root view.
 */
export function decodeInput(desc: DescMessage, r: BinaryReader, ctx: DecodeContext): Message {
  const msg = zeroMessageFactory(desc)();
  messageDecoder(desc)(msg, r, r.len, 0, 0, ctx);
  return msg;
}

/** Decodes the view's content into an ordinary message, its own storage from now on. */
function decodeDeep(s: ViewState): void {
  const plan = s.plan;
  const desc = plan.desc;
  const msg = zeroMessageFactory(desc)();
  const dec = messageDecoder(desc);
  const r = viewReader(s);
  r.pos = s.start;
  r.len = s.end;
  dec(msg, r, s.end, 0, s.depth, s.ctx);
  const more = s.more;
  if (more !== undefined) {
    for (let i = 0; i < more.length; i += 2) {
      r.pos = more[i];
      r.len = more[i + 1];
      dec(msg, r, more[i + 1], 0, s.depth, s.ctx);
    }
  }
  s.own = msg as unknown as Record<string, unknown>;
  s.deep = true;
  plan.opened++;
  countDeepFields(s);
}

/**
 * Counts the fields a deep view holds that a view decodes on first access — sub-messages,
 * containers, strings, bytes, 64-bit integers — whose first reads count too (countDeepRead():
 * handOutDeep() for what is handed out mutable, the accessors for the rest), so that a deep
 * type whose views stop reading them switches back without waiting for a probe. Only the
 * first 31 slots count (a bit each in `handed`).
 */
function countDeepFields(s: ViewState): void {
  const plan = s.plan;
  const own = s.own!;
  const slots = plan.slots;
  const n = Math.min(slots.length, 31);
  for (let i = 0; i < n; i++) {
    const slot = slots[i];
    if (countsDeep(slot) && holds(slot, own[slot.name])) plan.present++;
  }
}

/** Whether reads of the slot count in a deep view's statistics (a view decodes it on first access). */
export function countsDeep(slot: Slot): boolean {
  const k = slot.kind;
  return slot.container || k === SlotKind.Message || k === SlotKind.String || k === SlotKind.Bytes || k === SlotKind.Scalar64;
}

/** Counts the first read of a deep view's field in slot `i` (one that countsDeep()), whose value is `v`. */
export function countDeepRead(s: ViewState, i: number, v: unknown): void {
  if (i > 30) return;
  const bit = 1 << i;
  if ((s.handed & bit) !== 0) return;
  s.handed |= bit;
  if (holds(s.plan.slots[i], v)) s.plan.reads++;
}

/** Whether a value of a field that countsDeep() holds something (as countDeepFields() counts it). */
function holds(slot: Slot, v: unknown): boolean {
  if (v === undefined || v === "") return false;
  if (slot.kind === SlotKind.Bytes) return (v as Uint8Array).length > 0;
  if (slot.kind === SlotKind.Oneof) return (v as { case?: unknown }).case !== undefined;
  if (Array.isArray(v)) return v.length > 0;
  if (slot.field?.fieldKind === "map") {
    for (const _ in v as object) return true;
    return false;
  }
  return true;
}

/** Counts a view of the type (view-slots.ts); halves the statistics now and then. */
export function countView(plan: ViewPlan): void {
  if (++plan.created >= WINDOW) {
    plan.created >>= 1;
    plan.opened >>= 1;
  }
  if (plan.present >= FIELD_WINDOW) halveFields(plan);
}

/** Halves the statistics of the scans. */
function halveFields(plan: ViewPlan): void {
  plan.scanned >>= 1;
  plan.present >>= 1;
  plan.reads >>= 1;
  const seen = plan.seen;
  for (let i = 0; i < seen.length; i++) seen[i] >>= 1;
}

/** Calls `visit` with the plan of each sub-message type of `plan` (oneof members too) that is not in `seen`. */
function forEachChildPlan(plan: ViewPlan, seen: Set<ViewPlan>, visit: (child: ViewPlan) => void): void {
  const slots = plan.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    if (slot.kind === SlotKind.Oneof) {
      for (const m of (slot as OneofSlot).members.values()) if (m.childPlan !== undefined && !seen.has(m.childPlan)) visit(m.childPlan);
    } else if (slot.childPlan !== undefined && !seen.has(slot.childPlan)) {
      visit(slot.childPlan);
    }
  }
}

/** Scales down the statistics of the scans of the type and of the types below it to about PROBE_START fields. */
function freshen(plan: ViewPlan, seen: Set<ViewPlan>): void {
  seen.add(plan);
  while (plan.present > PROBE_START && plan.scanned > 1) halveFields(plan);
  forEachChildPlan(plan, seen, (child) => freshen(child, seen));
}

/** Types below `plan` that are deep but no longer read broadly stop being deep. */
function settle(plan: ViewPlan, seen: Set<ViewPlan>): void {
  seen.add(plan);
  forEachChildPlan(plan, seen, (child) => {
    if (child.deep && !deepEnough(child)) child.deep = false;
    settle(child, seen);
  });
}

/** Decides whether the type goes (or stays) deep; a type that goes deep keeps little of its history. */
function decide(plan: ViewPlan): void {
  const deep = deepEnough(plan);
  if (deep && !plan.deep) {
    while (plan.present > DEEP_START && plan.scanned > 1) halveFields(plan);
    plan.probeEvery = plan.untilProbe = PROBE_EVERY;
  }
  plan.deep = deep;
}

/** Whether most recent views of the type were read (opened) at all. */
function opensMost(plan: ViewPlan): boolean {
  return plan.opened * 8 >= plan.created * 7;
}

/** Whether most recent views of the type were read, and most of their fields. */
function readsMost(plan: ViewPlan): boolean {
  return opensMost(plan) && plan.reads * 8 >= plan.present * 7;
}

/** Whether views of the type, and of every type below it found lately, were recently read broadly. */
function deepEnough(plan: ViewPlan): boolean {
  if (!plan.deep && plan.created < MIN_VIEWS) return false;
  return subtreeBroad(plan, new Set());
}

function subtreeBroad(plan: ViewPlan, seen: Set<ViewPlan>): boolean {
  seen.add(plan);
  // Most views read, and most of their fields.
  if (!readsMost(plan)) return false;
  const slots = plan.slots;
  for (let i = 0; i < slots.length; i++) {
    // Only the sub-messages found on the wire in at least 1/8 of the recent scans count.
    if (plan.seen[i] * 8 < plan.scanned || plan.seen[i] === 0) continue;
    const slot = slots[i];
    if (slot.kind === SlotKind.Oneof) {
      for (const m of (slot as OneofSlot).members.values()) {
        const c = m.childPlan;
        if (c !== undefined && c.created > 0 && !seen.has(c) && !subtreeBroad(c, seen)) return false;
      }
      continue;
    }
    const c = slot.childPlan;
    if (c !== undefined && c.created > 0 && !seen.has(c) && !subtreeBroad(c, seen)) return false;
  }
  return true;
}
