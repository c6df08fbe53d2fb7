import type { FactRole } from '../../brief/schema.ts';
import type { AwarenessLevel } from '../types.ts';
import { ARCHETYPES, type Archetype, LEVEL_OF_ROLE, PAIRINGS } from './archetypes.ts';

/** A planned angle: an archetype, the fact that leads it and, for two-fact frames, the one that backs it. */
export type Plan<F> = {
  archetype: Archetype;
  level: AwarenessLevel;
  lead: F;
  support?: F;
  /** Single-fact plans come before combinations, which thin briefs need to reach ten. */
  combined: boolean;
  /** A fact already used, framed anew (the business or the audience named): a thin brief's last resort. */
  reframed?: boolean;
  /** A reframed fact named by the brief's product or location instead of the business. */
  namedBy?: 'product' | 'location';
};

type PlannableFact = { id: string; role: FactRole };

const PAIR: Archetype = {
  id: 'benefit',
  level: 'unaware',
  lead: [],
  support: [],
  frame: 'pair',
  treatment: 'the product in use in its real setting, candid, natural light',
};

/**
 * Candidate plans in priority order: each archetype once with its best fact, then again with the
 * next facts of its roles, then every remaining fact on its own, then pairs of facts of different
 * roles (a thin brief reaches ten specific hooks by combining what it has, never by filler).
 * Comparison needs a competitor and risk reversal a guarantee: their lead roles are theirs alone.
 * `answers` says which supports answer a lead (a pain's topic), or how well: they are tried first.
 */
export function planCandidates<F extends PlannableFact>(
  facts: readonly F[],
  answers: (lead: F, support: F) => boolean | number = () => true,
): Plan<F>[] {
  const byRole = (roles: readonly FactRole[]) => roles.flatMap((r) => facts.filter((f) => f.role === r));
  // The facts that answer a lead come first among its supports, the best answer first (a stable
  // sort keeps role order among equals).
  const answersFirst = (lead: F, options: F[]) =>
    options
      .map((f) => ({ f, first: Number(answers(lead, f)) }))
      .sort((a, b) => b.first - a.first)
      .map((x) => x.f);
  const plans: Plan<F>[] = [];
  const supportFor = (a: Archetype, lead: F, round: number): F | undefined => {
    const options = answersFirst(
      lead,
      byRole(a.support).filter((f) => f.id !== lead.id),
    );
    return options.length > 0 ? options[round % options.length] : undefined;
  };
  const maxRounds = Math.max(1, ...ARCHETYPES.map((a) => byRole(a.lead).length));
  for (let round = 0; round < maxRounds; round++) {
    for (const a of ARCHETYPES) {
      const lead = byRole(a.lead)[round];
      if (!lead) continue;
      // One call-out per set: the audience is named once.
      const archetype = a.frame === 'callout' && round > 0 ? { ...a, frame: 'statement' as const } : a;
      const support = archetype.support.length > 0 ? supportFor(archetype, lead, round) : undefined;
      plans.push({ archetype, level: a.level, lead, ...(support ? { support } : {}), combined: false });
      // A two-fact frame also gets its one-fact form, for when the pair does not fit.
      if (support && archetype.frame !== 'question')
        plans.push({ archetype, level: a.level, lead, combined: false });
    }
  }
  // Combinations: every lead in the order PAIRINGS gives, its k-th best support in round k, so
  // the first combinations spread over different facts instead of pairing one fact with all.
  const pairings = PAIRINGS.flatMap((p) =>
    facts
      .filter((f) => f.role === p.lead)
      .map((lead) => ({
        lead,
        question: p.question === true,
        supports: answersFirst(
          lead,
          byRole(p.support).filter((f) => f.id !== lead.id),
        ),
      })),
  );
  const rounds = Math.max(0, ...pairings.map((p) => p.supports.length));
  for (let k = 0; k < rounds; k++) {
    for (const { lead, question, supports } of pairings) {
      const support = supports[k];
      if (!support) continue;
      const archetype = {
        ...PAIR,
        id: archetypeOfRole(lead.role),
        ...(question ? { frame: 'question' as const } : {}),
      };
      plans.push({ archetype, level: LEVEL_OF_ROLE[lead.role], lead, support, combined: true });
    }
  }
  return plans;
}

function archetypeOfRole(role: FactRole): Archetype['id'] {
  return ARCHETYPES.find((a) => a.lead[0] === role)?.id ?? 'benefit';
}
