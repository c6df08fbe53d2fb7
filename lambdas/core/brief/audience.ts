import { type Piece, piece, splitPiece } from './fields.ts';
import {
  AUDIENCE_ASIDE,
  AUDIENCE_CLAUSE,
  CLAUSE_COPULA,
  CLAUSE_OPENING,
  COORDINATING,
} from './patterns/audience.ts';
import { PAIN_PHRASE } from './patterns/cues.ts';
import { cueRole } from './roles.ts';
import type { FactRole } from './schema.ts';

/**
 * The audience, and any pain or worry told inside it ("… who hate waiting"): the audience stays
 * whole, the worry is also a fact; an aside about the audience ("— they mostly …") is an insight.
 */
export function readAudience(
  summary: string,
  p: Piece,
  language: string,
): { audience: Piece; facts: Array<{ role: FactRole; piece: Piece }> } {
  const facts: Array<{ role: FactRole; piece: Piece }> = [];
  const aside = AUDIENCE_ASIDE.re.exec(p.text);
  if (aside && aside.index > 0) {
    const insight = piece(summary, p.start + aside.index + aside[0].length, p.end);
    facts.push({ role: 'audience_insight', piece: insight });
    p = piece(summary, p.start, p.start + aside.index);
  }
  splitPiece(summary, p, AUDIENCE_CLAUSE.re).forEach((part, i, parts) => {
    // After a bare "and", a noun goes on the people's own phrase ("desk workers with back and
    // neck pain"); only a verb or an adjective opens a clause about them ("and hate waiting").
    // German ends its clause with the verb ("… und Angst vor Verzögerungen haben").
    const before = summary.slice(parts[i - 1]?.end ?? part.start, part.start);
    const verbFirst = language !== 'de';
    // (A pain phrase after its people still says it: "and remote workers fed up of …".)
    const opens = CLAUSE_OPENING.re.test(part.text) || PAIN_PHRASE.re.test(part.text);
    if (i > 0 && verbFirst && COORDINATING.re.test(before) && !opens) return;
    const role = cueRole(part.text);
    // The people themselves are no worry, unless a pain phrase follows them ("landlords fed up of …").
    if ((role !== 'pain' && role !== 'objection') || (i === 0 && !PAIN_PHRASE.re.test(part.text))) return;
    // The pain, not the people it belongs to ("busy parents fed up of …").
    const pain = role === 'pain' ? PAIN_PHRASE.re.exec(part.text) : null;
    // The pain runs to the audience's end: "fed up of tilers who never turn up" is one.
    if (pain) facts.push({ role, piece: piece(summary, part.start + pain.index, p.end) });
    else {
      // "… who are nervous about their first tattoo": the worry without the clause's verb, which
      // had its subject before "who" ("Nervous about your first tattoo?", never "Are nervous …?").
      const copula = CLAUSE_COPULA.re.exec(part.text)?.[0].length ?? 0;
      facts.push({ role, piece: piece(summary, part.start + copula, part.end) });
    }
  });
  return { audience: p, facts };
}
