import { forbidden, type Piece, piece, separateProofs, splitPiece } from './fields.ts';
import { withoutNotes } from './notes.ts';
import { AVOID_CUE, DISOWNED, MENTION_LEAD, PAIN_PHRASE, REPORTED_QUOTE } from './patterns/cues.ts';
import {
  ANSWER_COLON,
  ARROW,
  BACK_REFERENCE,
  CLAUSE_LEAD,
  COORDINATED,
  LIST_COMMA,
  QUALIFIER_START,
  SPACED_DASH,
} from './patterns/layout.ts';
import { isWorry, labelledRole, quotedWorry, roleOf } from './roles.ts';
import type { FactRole } from './schema.ts';

/** What the extraction has read so far that a claim adds to: the facts, and the policy a "don't" joins. */
export type ReadClaims = {
  summary: string;
  avoid: string[];
  facts: Array<{ role: FactRole; piece: Piece }>;
};

/** A list item is split at commas only when every item is short: a list, not a sentence. */
const MAX_LIST_ITEM_WORDS = 6;

/**
 * The claims a piece of the brief makes, added to what was read: a list split into its items, a
 * proof line into its proofs, each without its working notes; a "don't" or a disowned claim goes
 * to the policy instead, a worry answered after a dash becomes the worry and its answer.
 */
export function addFacts(state: ReadClaims, p: Piece, role: FactRole | undefined, list: boolean): void {
  let items = [p];
  if (list) {
    const pieces = splitPiece(state.summary, p, LIST_COMMA.re);
    // "Casques, antivols et sacoches inclus": a series closed by a conjunction is one claim.
    const series =
      pieces.length > 1 &&
      COORDINATED.re.test(pieces.at(-1)?.text ?? '') &&
      pieces.slice(0, -1).every((x) => !/\s/u.test(x.text));
    // A labelled claim ("Self-pay: assessment £65, follow-ups £50") or a piece that qualifies the
    // one before it ("Same-week appointments, usually within 48 hrs") is one claim, not a list.
    const oneClaim =
      /^[^:,]{1,40}:\s/u.test(p.text) ||
      pieces.slice(1).some((x) => QUALIFIER_START.re.test(x.text) || CLAUSE_LEAD.re.test(x.text));
    if (oneClaim) items = [p];
    else if (!series && pieces.every((x) => x.text.split(/\s+/).length <= MAX_LIST_ITEM_WORDS))
      items = pieces;
  } else if (role === 'proof') items = separateProofs(state.summary, p);
  for (const raw of items) {
    // A claim its bracket disowns ("“the best” say customers (not to be used as ours)") is policy.
    if (DISOWNED.re.test(raw.text)) {
      state.avoid.push(...forbidden(raw.text));
      continue;
    }
    let item = withoutNotes(state.summary, raw);
    if (!item || !/[\p{L}\d]/u.test(item.text)) continue;
    // A "don't" under a section of claims ("Facts: … NO 'cheapest'") is policy, not a claim
    // (one that opens with it: "roofers who never show up" is a pain).
    if (AVOID_CUE.re.exec(item.text)?.index === 0) {
      state.avoid.push(...forbidden(item.text));
      continue;
    }
    // "One customer wrote, …, “…”": the customer's words are the proof, the lead-in a remark.
    const reported = REPORTED_QUOTE.re.exec(item.text);
    if (reported && reported[0].length < item.text.length) {
      state.facts.push({
        role: 'proof',
        piece: piece(state.summary, item.start + reported[0].length, item.end),
      });
      continue;
    }
    // "mention 30g+ protein per meal": the claim the direction names.
    const named = MENTION_LEAD.re.exec(item.text);
    if (named) item = piece(state.summary, item.start + named[0].length, item.end);
    // "say 'fixed price, agreed before we start'": the words to say, without their quotation marks.
    const quoted = named ? /^["'“‘]([^"'“”‘’]+)["'”’]$/u.exec(item.text) : null;
    if (quoted) item = piece(state.summary, item.start + 1, item.end - 1);
    // "nerves on test day -> a mock test first": two claims, the note's role on the left (its
    // label's, or what its words cue), the answer's own on the right.
    const arrow = ARROW.re.exec(item.text);
    const sides = arrow
      ? [item.text.slice(0, arrow.index), item.text.slice(arrow.index + arrow[0].length)]
      : [];
    if (arrow && sides.every((t) => t.trim().split(/\s+/).length >= 3)) {
      const left = piece(state.summary, item.start, item.start + arrow.index);
      const right = piece(state.summary, item.start + arrow.index + arrow[0].length, item.end);
      state.facts.push({ role: role ? labelledRole(role, left.text) : roleOf(left.text), piece: left });
      state.facts.push({ role: roleOf(right.text), piece: right });
      continue;
    }
    const itemRole = role ? labelledRole(role, item.text) : roleOf(item.text);
    // The pain, not the people it belongs to: what a hook can ask the reader about.
    const pain = itemRole === 'pain' ? PAIN_PHRASE.re.exec(item.text) : null;
    const fact = pain ? piece(state.summary, item.start + pain.index, item.end) : item;
    // A worry answered after a spaced dash ("fed up with chasing answers - we reply in a day"):
    // the worry, then the answer as a claim of its own. (A quoted objection keeps its answer:
    // the quotation is the reader's voice, and the reply reads as one line.)
    // (So is one answered after a colon: "… is that nobody turns up: we send a photo after each visit".)
    const split =
      isWorry(itemRole) && !quotedWorry(fact.text)
        ? (SPACED_DASH.re.exec(fact.text) ?? ANSWER_COLON.re.exec(fact.text))
        : null;
    // An objection's answer that points back at it ("… - our tiles make them safe") stays with it.
    const pointsBack =
      !!split && itemRole === 'objection' && BACK_REFERENCE.re.test(fact.text.slice(split.index));
    const dash = split && !pointsBack ? split : null;
    if (dash && dash.index > 0) {
      const answer = piece(state.summary, fact.start + dash.index, fact.end);
      state.facts.push({ role: itemRole, piece: piece(state.summary, fact.start, fact.start + dash.index) });
      if (answer.text) state.facts.push({ role: roleOf(answer.text), piece: answer });
      continue;
    }
    state.facts.push({ role: itemRole, piece: fact });
  }
}
