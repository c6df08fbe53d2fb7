/**
 * One creative says each thing once (ADR 0038): the headline, body, offer and CTA it prints never
 * repeat each other. Two texts repeat when they share a run of six words, or when one holds the
 * whole of a short text of two words or more (an offer such as "20% off your first box" printed
 * again inside the body). Words are compared by letters and digits only, case-folded, so
 * punctuation and capitals do not hide a repeat.
 */

export const REPEAT_RUN = 6;

export function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase().match(/[\p{L}\p{N}%]+/gu) ?? [];
}

/** The first run of `n` words two texts share, if any. */
export function sharedRun(a: string, b: string, n = REPEAT_RUN): string | undefined {
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  if (wa.length < n || wb.length < n) return undefined;
  const runs = new Set<string>();
  for (let i = 0; i + n <= wa.length; i++) runs.add(wa.slice(i, i + n).join(' '));
  for (let i = 0; i + n <= wb.length; i++) {
    const run = wb.slice(i, i + n).join(' ');
    if (runs.has(run)) return run;
  }
  return undefined;
}

/** `whole` (two words or more) appears word for word inside `text`. */
function holds(text: string, whole: string): boolean {
  const w = wordsOf(whole);
  if (w.length < 2) return false;
  return ` ${wordsOf(text).join(' ')} `.includes(` ${w.join(' ')} `);
}

/** The two texts say the same thing twice on one creative. */
export function repeats(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return sharedRun(a, b) !== undefined || holds(a, b) || holds(b, a);
}

/** Every pair of printed texts that repeat each other, as `role/role` (empty when none does). */
export function repeatedPairs(texts: ReadonlyArray<{ role: string; text: string | undefined }>): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i];
      const b = texts[j];
      if (a && b && repeats(a.text, b.text)) pairs.push(`${a.role}/${b.role}`);
    }
  return pairs;
}
