import { printable } from '../text/policy/copy-policy.ts';
import type { CopyCandidates } from './types.ts';

export function clean(text: string | undefined): string {
  return (
    (text ?? '')
      .replace(/\p{Cc}/gu, ' ')
      // A no-break space stays one (French sets it before ":" and inside "18 000"), drawn as the
      // plain no-break space every font has: the narrow one is missing from most and would vanish.
      .replace(/[\u2007\u202F]/gu, '\u00A0')
      .replace(/[^\S\u00A0]+/gu, ' ')
      .trim()
  );
}

/** The one copy policy (text/policy) decides; the compositor only adds the texts it must not repeat. */
function usable(
  text: string,
  banned: readonly string[],
  exclude: readonly string[],
  language: string,
): boolean {
  if (!text) return false;
  if (exclude.some((e) => e && e.toLowerCase() === text.toLowerCase())) return false;
  return printable(text, { language, banned });
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
  language = 'en',
): CleanCopy {
  const dropped: string[] = [];
  // A candidate that breaks the policy is dropped whole: taking words out of it would print a cut.
  const keep = (list: string[]) => {
    const out: string[] = [];
    for (const raw of list) {
      const t = clean(raw);
      if (!t || out.includes(t)) continue;
      if (usable(t, banned, exclude, language)) out.push(t);
      else dropped.push(t);
    }
    return out;
  };
  const offer = clean(copy.offer);
  const cta = clean(copy.cta);
  const offerOk = offer && usable(offer, banned, exclude, language);
  if (offer && !offerOk) dropped.push(offer);
  return {
    headlines: keep(copy.headlines),
    bodies: keep(copy.bodies),
    offer: offerOk ? offer : undefined,
    cta: cta && usable(cta, banned, exclude, language) ? cta : '',
    dropped,
  };
}
