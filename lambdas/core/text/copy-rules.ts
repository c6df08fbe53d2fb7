import { type CopyLimits, PLATFORM_LIMITS } from './platform-limits.ts';
import { DANGLING_WORDS } from './summary-analysis.ts';
import type { CopyVariant, DraftCopy } from './types.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole-word, case-insensitive matcher for a banned word or phrase (letters and digits of any script). */
function bannedPattern(word: string): RegExp {
  const parts = word.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts}(?![\\p{L}\\p{N}])`, 'giu');
}

export function containsBannedWord(text: string, banned: readonly string[]): boolean {
  return banned.some((w) => w.trim() !== '' && bannedPattern(w).test(text));
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=[,.;:!?])/g, '')
    .replace(/^[\s,.;:!?—-]+/, '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Removes every banned word or phrase (until none is left, since a removal can join neighbours). */
export function removeBannedWords(text: string, banned: readonly string[]): string {
  let current = text;
  for (let round = 0; round < 10; round++) {
    let next = current;
    for (const word of banned) {
      if (word.trim() === '') continue;
      next = next.replace(bannedPattern(word), ' ');
    }
    next = tidy(next);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/**
 * Fits text into `max` characters: whole words only, no dangling connective or punctuation at
 * the cut. A single word longer than the limit is cut hard (nothing else would fit).
 */
export function fitToLimit(text: string, max: number): string {
  const clean = tidy(text);
  if ([...clean].length <= max) return clean;
  const words = clean.split(' ');
  const kept: string[] = [];
  for (const word of words) {
    const candidate = [...kept, word].join(' ');
    if ([...candidate].length > max) break;
    kept.push(word);
  }
  if (kept.length === 0) return [...clean].slice(0, max).join('').trim();
  while (
    kept.length > 1 &&
    DANGLING_WORDS.has((kept.at(-1) ?? '').toLowerCase().replace(/[^\p{L}&—-]/gu, ''))
  )
    kept.pop();
  return kept
    .join(' ')
    .replace(/[\s,;:—-]+$/u, '')
    .trim();
}

function applyRules(text: string, max: number, banned: readonly string[]): string {
  // Banned words first, then the limit; fitting only removes words, so no banned word comes back.
  return fitToLimit(removeBannedWords(text, banned), max);
}

/**
 * The rules every model's copy must obey, applied in one place: each field inside its
 * placement's limits, no banned word (whole word, any case), CTA short enough for a button.
 * An emptied headline or CTA falls back to a neutral one so the creative stays usable.
 */
export function enforceCopyRules(draft: DraftCopy, banned: readonly string[]): CopyVariant {
  const limits: CopyLimits = PLATFORM_LIMITS[draft.platform];
  const headline = applyRules(draft.headline, limits.headline, banned);
  const cta = applyRules(draft.cta, limits.cta, banned);
  return {
    angle_id: draft.angle_id,
    platform: draft.platform,
    headline: headline || applyRules('See what is new', limits.headline, banned) || '→',
    primary_text: applyRules(draft.primary_text, limits.primary_text, banned),
    description: applyRules(draft.description, limits.description, banned),
    cta: cta || applyRules('Learn more', limits.cta, banned) || '→',
  };
}
