/**
 * How extracted facts are compared with the corpus's gold facts (ADR 0033). Both are spans of
 * the research summary. An extracted fact matches a gold fact when their spans overlap by at
 * least half of the shorter one. Precision: the share of extracted facts that match some gold
 * fact. Recall: the share of gold facts that some extracted fact matches. A strict variant pairs
 * facts one to one (greedy, largest overlap first), so one long fact cannot recall several gold
 * facts at once; it is printed beside the lenient figures to show granularity.
 */
export type Span = readonly [number, number];

export const MIN_OVERLAP = 0.5;

export function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

export function matches(a: Span, b: Span): boolean {
  const shorter = Math.min(a[1] - a[0], b[1] - b[0]);
  return shorter > 0 && overlap(a, b) >= MIN_OVERLAP * shorter;
}

/** Where a gold text stands in the summary (first occurrence; gold texts are exact spans). */
export function spanOf(summary: string, text: string): Span | undefined {
  const at = summary.indexOf(text);
  return at >= 0 ? [at, at + text.length] : undefined;
}

export type MatchCounts = {
  extracted: number;
  gold: number;
  precise: number;
  recalled: number;
  paired: number;
};

export function countMatches(ours: readonly Span[], gold: readonly Span[]): MatchCounts {
  const precise = ours.filter((o) => gold.some((g) => matches(o, g))).length;
  const recalled = gold.filter((g) => ours.some((o) => matches(o, g))).length;
  const pairs = ours
    .flatMap((o, i) => gold.map((g, j) => ({ i, j, size: matches(o, g) ? overlap(o, g) : 0 })))
    .filter((p) => p.size > 0)
    .sort((a, b) => b.size - a.size);
  const usedOurs = new Set<number>();
  const usedGold = new Set<number>();
  for (const p of pairs) {
    if (usedOurs.has(p.i) || usedGold.has(p.j)) continue;
    usedOurs.add(p.i);
    usedGold.add(p.j);
  }
  return { extracted: ours.length, gold: gold.length, precise, recalled, paired: usedOurs.size };
}
