import type { FactRole } from '../../brief/schema.ts';
import type { AwarenessLevel } from '../types.ts';

/**
 * The archetype catalogue: what kind of ad an angle is, which awareness level it speaks to, which
 * fact roles can lead it and which can back it, and the frame that realises it. Data, not code:
 * the planner walks it in order, so the order is the priority of a brief's first angles.
 */
export type Frame = 'question' | 'statement' | 'business' | 'offer' | 'callout' | 'pair';

export type Archetype = {
  id: ArchetypeId;
  level: AwarenessLevel;
  /** Roles that can lead the angle, best first. */
  lead: readonly FactRole[];
  /** Roles that can back the lead in a second sentence (empty: the lead stands alone). */
  support: readonly FactRole[];
  frame: Frame;
  /** Only when the brief names a competitor / states a guarantee (the lead role itself). */
  requiresLead?: true;
  /** English treatment words for the picture (image prompts are English; no words of the ad). */
  treatment: string;
  /** The treatment when the subject is a thing, where `treatment` speaks of people ("the team at work"). */
  thingTreatment?: string;
};

export type ArchetypeId =
  | 'pain'
  | 'proof'
  | 'differentiator'
  | 'objection'
  | 'offer'
  | 'audience'
  | 'how'
  | 'comparison'
  | 'guarantee'
  | 'price'
  | 'benefit';

/** Roles that answer a pain or an objection, best first. */
const ANSWERS: readonly FactRole[] = ['guarantee', 'differentiator', 'benefit', 'offer', 'feature', 'proof'];

export const ARCHETYPES: readonly Archetype[] = [
  {
    id: 'pain',
    level: 'problem_aware',
    lead: ['pain'],
    support: ANSWERS,
    frame: 'question',
    treatment: 'the moment the problem is solved, candid documentary photo, natural light',
  },
  {
    id: 'proof',
    level: 'product_aware',
    lead: ['proof'],
    support: [],
    frame: 'business',
    treatment: 'confident portrait of the team at work, daylight, shallow depth of field',
    thingTreatment: 'confident hero shot, daylight, shallow depth of field',
  },
  {
    id: 'differentiator',
    level: 'solution_aware',
    lead: ['differentiator'],
    support: [],
    frame: 'statement',
    treatment: 'close-up of the detail that sets it apart, crisp light, clean background',
  },
  {
    id: 'offer',
    level: 'most_aware',
    lead: ['offer'],
    support: ['proof', 'guarantee'],
    frame: 'offer',
    treatment: 'bright inviting hero shot, generous calm space for the offer',
  },
  {
    id: 'objection',
    level: 'product_aware',
    lead: ['objection'],
    support: ANSWERS,
    frame: 'pair',
    treatment: 'reassuring everyday scene, soft daylight, relaxed people',
    thingTreatment: 'reassuring everyday scene, soft daylight, calm composition',
  },
  {
    id: 'audience',
    level: 'unaware',
    lead: ['audience_insight', 'benefit', 'feature'],
    support: ['benefit', 'differentiator', 'feature', 'offer'],
    frame: 'callout',
    treatment: 'the audience in their own setting, candid lifestyle photo, warm light',
  },
  {
    id: 'how',
    level: 'solution_aware',
    lead: ['feature'],
    support: [],
    frame: 'statement',
    treatment: 'hands-on process shot, step in progress, natural light',
  },
  {
    id: 'comparison',
    level: 'solution_aware',
    lead: ['competitor'],
    support: ['differentiator'],
    frame: 'pair',
    requiresLead: true,
    treatment: 'clear side-by-side composition, one side calm and tidy, even light',
  },
  {
    id: 'guarantee',
    level: 'most_aware',
    lead: ['guarantee'],
    support: [],
    frame: 'statement',
    requiresLead: true,
    treatment: 'calm, trustworthy scene, steady composition, soft even light',
  },
  {
    id: 'price',
    level: 'most_aware',
    lead: ['price'],
    support: [],
    frame: 'statement',
    treatment: 'clean product-forward shot, simple background, calm space for the price',
  },
  {
    id: 'benefit',
    level: 'unaware',
    lead: ['benefit'],
    support: [],
    frame: 'statement',
    treatment: 'the result enjoyed, candid lifestyle moment, golden-hour light',
  },
];

/** The awareness level a combination of two facts speaks to, by its lead's role. */
export const LEVEL_OF_ROLE: Record<FactRole, AwarenessLevel> = {
  pain: 'problem_aware',
  audience_insight: 'unaware',
  benefit: 'unaware',
  feature: 'solution_aware',
  differentiator: 'solution_aware',
  competitor: 'solution_aware',
  proof: 'product_aware',
  objection: 'product_aware',
  price: 'most_aware',
  offer: 'most_aware',
  guarantee: 'most_aware',
};

/**
 * Which facts back which when two are combined (a thin brief's way to ten specific hooks): the
 * lead roles in the order they open an ad, each with the roles that answer or prove it, best
 * first. A pain or an insight about the reader is asked as a question and answered by the second.
 */
export const PAIRINGS: readonly { lead: FactRole; support: readonly FactRole[]; question?: true }[] = [
  {
    lead: 'pain',
    support: ['guarantee', 'differentiator', 'benefit', 'offer', 'feature', 'proof'],
    question: true,
  },
  {
    lead: 'audience_insight',
    support: ['benefit', 'differentiator', 'feature', 'offer', 'proof'],
    question: true,
  },
  { lead: 'objection', support: ['guarantee', 'differentiator', 'feature', 'benefit', 'price', 'proof'] },
  { lead: 'competitor', support: ['differentiator', 'guarantee', 'feature'] },
  { lead: 'differentiator', support: ['benefit', 'proof', 'offer', 'guarantee', 'feature'] },
  { lead: 'feature', support: ['benefit', 'proof', 'price', 'offer', 'differentiator'] },
  { lead: 'benefit', support: ['proof', 'price', 'offer', 'feature'] },
  { lead: 'proof', support: ['offer', 'price', 'guarantee', 'benefit'] },
  { lead: 'price', support: ['offer', 'guarantee', 'benefit', 'proof'] },
  { lead: 'offer', support: ['proof', 'guarantee', 'price', 'benefit'] },
  { lead: 'guarantee', support: ['offer', 'price', 'proof'] },
];

/** The first archetype of the catalogue that matches (the catalogue is data: a missing one is a bug). */
export function archetypeWhere(test: (a: Archetype) => boolean): Archetype {
  const found = ARCHETYPES.find(test);
  if (!found) throw new Error('the archetype catalogue has no such archetype');
  return found;
}
