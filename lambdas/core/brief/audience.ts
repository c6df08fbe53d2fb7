import { type Piece, piece, splitPiece } from './fields.ts';
import { PAIN_PHRASE } from './patterns/cues.ts';
import { AUDIENCE_ASIDE, AUDIENCE_CLAUSE } from './patterns/layout.ts';
import { cueRole } from './roles.ts';
import type { FactRole } from './schema.ts';

/**
 * The audience, and any pain or worry told inside it ("… who hate waiting"): the audience stays
 * whole, the worry is also a fact; an aside about the audience ("— they mostly …") is an insight.
 */
export function readAudience(
  summary: string,
  p: Piece,
): { audience: Piece; facts: Array<{ role: FactRole; piece: Piece }> } {
  const facts: Array<{ role: FactRole; piece: Piece }> = [];
  const aside = AUDIENCE_ASIDE.re.exec(p.text);
  if (aside && aside.index > 0) {
    const insight = piece(summary, p.start + aside.index + aside[0].length, p.end);
    facts.push({ role: 'audience_insight', piece: insight });
    p = piece(summary, p.start, p.start + aside.index);
  }
  splitPiece(summary, p, AUDIENCE_CLAUSE.re).forEach((part, i) => {
    const role = cueRole(part.text);
    // The people themselves are no worry, unless a pain phrase follows them ("landlords fed up of …").
    if ((role !== 'pain' && role !== 'objection') || (i === 0 && !PAIN_PHRASE.re.test(part.text))) return;
    // The pain, not the people it belongs to ("busy parents fed up of …").
    const pain = role === 'pain' ? PAIN_PHRASE.re.exec(part.text) : null;
    // The pain runs to the audience's end: "fed up of tilers who never turn up" is one.
    facts.push({ role, piece: pain ? piece(summary, part.start + pain.index, p.end) : part });
  });
  return { audience: p, facts };
}
