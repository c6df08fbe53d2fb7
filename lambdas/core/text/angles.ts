import type { BriefFacts, Category, Fact } from './brief-facts.ts';
import { capFirst, DANGLING, tidyEnd } from './brief-facts.ts';
import { containsBannedWord } from './copy-rules.ts';
import { grammarFor } from './grammars.ts';
import type { AngleDraft, AwarenessLevel } from './types.ts';
import { ANGLES_PER_SET, AWARENESS_LEVELS, MIN_AWARENESS_LEVELS } from './types.ts';

/**
 * An archetype filled with facts: name and hook candidates, best first. The first candidate
 * free of banned words wins; an archetype with no clean candidate, or with no fact to fill
 * it, is skipped in favour of the next one.
 */
export type AngleCandidate = {
  archetype: string;
  level: AwarenessLevel;
  names: string[];
  hooks: string[];
  direction: string;
};

/** The brief's words in the order a reader of the brief would weigh them. */
export type AngleInput = { facts: BriefFacts; banned: readonly string[]; tone?: string };

/**
 * A shorter rewrite of a sentence: trailing modifiers (prepositional phrases, "with …", ", …")
 * are dropped one by one, never a word in the middle of a phrase or a number. Each result is a
 * complete phrase, longest first.
 */
export function shorterRewrites(sentence: string): string[] {
  const end = /[.!?]$/.exec(sentence)?.[0] ?? '';
  const body = sentence.replace(/[.!?]+$/, '');
  const words = body.split(' ');
  const out: string[] = [];
  const BOUNDARY =
    /^(?:in|on|at|for|from|with|within|through|by|after|before|over|under|until|during|via|across|into|as|and|or|but|so|every|without|con|en|para|por|durante|mit|für|im|am|bei|nach|avec|pour|dans|sur|après|pendant)$/i;
  for (let i = words.length - 1; i >= 2; i--) {
    const word = words[i] ?? '';
    const prev = words[i - 1] ?? '';
    const atBoundary = BOUNDARY.test(word) || /,$/.test(prev);
    if (!atBoundary) continue;
    const kept = words.slice(0, i).join(' ').replace(/,$/, '');
    const last = (kept.split(' ').at(-1) ?? '').toLowerCase();
    // A clause must keep what its verb needs: never end on a dangling word or a bare verb form.
    if (
      DANGLING.has(last) ||
      /^(?:is|are|was|were|has|have|get|gets|make|makes|take|takes|need|needs|made|built|designed|named|voted|paid|used|uses|hold|holds)$/.test(
        last,
      )
    )
      continue;
    out.push(`${kept}${end}`);
  }
  return out;
}

const levelsCovered = (angles: { level: AwarenessLevel }[]) => new Set(angles.map((a) => a.level)).size;

/** Picks ten archetypes the brief supports, all clean of banned words, over at least four awareness levels. */
export function buildAngles({ facts, banned, tone }: AngleInput): AngleDraft[] {
  const grammar = grammarFor(facts.language);
  const candidates = [...grammar.archetypes(facts), ...grammar.fallbacks(facts)];
  const clean = (t: string) => !containsBannedWord(t, banned) && !hasLabel(t);
  const chosen: (AngleCandidate & { name: string; hook: string })[] = [];
  const seenNames = new Set<string>();
  const seenHooks = new Set<string>();
  for (const c of candidates) {
    if (chosen.length === ANGLES_PER_SET) break;
    const name = c.names.map(tidyName).find((n) => clean(n) && !seenNames.has(n.toLowerCase()));
    const hook = c.hooks.find((h) => clean(h) && h.length <= 200 && !seenHooks.has(h.toLowerCase()));
    if (!name || !hook) continue;
    seenNames.add(name.toLowerCase());
    seenHooks.add(hook.toLowerCase());
    chosen.push({ ...c, name, hook });
  }
  // Spread over at least four awareness levels: move fallback angles to the missing levels.
  for (const level of AWARENESS_LEVELS) {
    if (levelsCovered(chosen) >= MIN_AWARENESS_LEVELS) break;
    if (chosen.some((a) => a.level === level)) continue;
    const counts = new Map<AwarenessLevel, number>();
    for (const a of chosen) counts.set(a.level, (counts.get(a.level) ?? 0) + 1);
    const donor = [...chosen].reverse().find((a) => (counts.get(a.level) ?? 0) > 1);
    if (donor) donor.level = level;
  }
  const visual = grammar.visual(facts);
  return chosen.map((a, i) => {
    const voice = tone?.trim() ? grammar.voice(tone.trim()) : '';
    const direction = [a.direction, grammar.toneDirection(facts.category), voice]
      .filter((d) => clean(d))
      .join(' ')
      .slice(0, 400);
    const style = visual[i % visual.length] ?? visual[0] ?? '';
    return {
      name: a.name,
      hook: a.hook,
      awareness_level: a.level,
      visual_style: clean(style) ? style : grammar.neutralVisual,
      copy_direction: tidyEnd(direction) ? direction : grammar.neutralDirection,
    };
  });
}

/** Names are title-like: capitalised, no end punctuation, no dangling word. */
function tidyName(name: string): string {
  return capFirst(tidyEnd(name.replace(/[.!?]+$/, ''))).slice(0, 80);
}

/** Labels a template must never lift from a brief ("Proof points:", "pains are"). */
const LABEL =
  /\b(?:proof points?|pains? (?:is|are)|benefits? (?:is|are)|audience (?:is|are)|usp|target audience)\b\s*:?/i;
export const hasLabel = (t: string) => LABEL.test(t);

export type { Category, Fact };
