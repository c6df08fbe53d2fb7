import { containsBannedWord, removeBannedWords } from '../text/copy-rules.ts';
import type { CopyCandidates } from './types.ts';

/** Strings that are never copy: internal names and placeholders. */
const PLACEHOLDERS = [
  /^untitled\b/i,
  /\buntitled campaign\b/i,
  /^(proof points?|pain points?|benefits?|offer|headline|body|cta)\s*:/i,
];

export function clean(text: string | undefined): string {
  return (text ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function usable(text: string, banned: readonly string[], exclude: readonly string[]): boolean {
  if (!text) return false;
  if (text.includes('…') || /\.\.\.$/.test(text)) return false;
  if (PLACEHOLDERS.some((p) => p.test(text))) return false;
  if (exclude.some((e) => e && e.toLowerCase() === text.toLowerCase())) return false;
  return !containsBannedWord(text, banned);
}

export type CleanCopy = {
  headlines: string[];
  bodies: string[];
  offer?: string | undefined;
  cta: string;
  dropped: string[];
};

/**
 * The candidates the engine may print: cleaned, de-duplicated, without placeholders, internal
 * campaign names, ellipses or banned words. What was dropped is reported as warnings.
 */
export function usableCopy(
  copy: CopyCandidates,
  banned: readonly string[],
  exclude: readonly string[] = [],
): CleanCopy {
  const dropped: string[] = [];
  const keep = (list: string[]) => {
    const out: string[] = [];
    const rewritten: string[] = [];
    for (const raw of list) {
      const t = clean(raw);
      if (!t || out.includes(t)) continue;
      if (usable(t, banned, exclude)) {
        out.push(t);
        continue;
      }
      dropped.push(t);
      // A banned word taken out leaves a candidate of last resort, if enough of it is left.
      const without = removeBannedWords(t, banned);
      if (without !== t && without.split(/\s+/).length >= 3 && usable(without, banned, exclude))
        rewritten.push(without.charAt(0).toLocaleUpperCase() + without.slice(1));
    }
    return [...out, ...rewritten.filter((r) => !out.includes(r))];
  };
  const offer = clean(copy.offer);
  const cta = clean(copy.cta);
  const offerOk = offer && usable(offer, banned, exclude);
  if (offer && !offerOk) dropped.push(offer);
  return {
    headlines: keep(copy.headlines),
    bodies: keep(copy.bodies),
    offer: offerOk ? offer : undefined,
    cta: cta && usable(cta, banned, exclude) ? cta : 'Learn more',
    dropped,
  };
}
