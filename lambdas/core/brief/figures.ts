import type { Piece } from './fields.ts';
import { FIGURE_PATTERNS } from './patterns/figures.ts';
import type { BriefFact, FactRole } from './schema.ts';

export type Figure = { text: string; start: number; end: number };

/**
 * Every figure of a text as written, with its span: all patterns scan, and where matches
 * overlap the longest wins (so "4.7/5" is one figure, never "4.7" and "5"). A figure never runs
 * across a line ("before 12\n- 4.9 on …" is two figures, not the range "12 - 4.9").
 */
export function findFigures(text: string, offset = 0): Figure[] {
  const found: Figure[] = [];
  for (const pattern of FIGURE_PATTERNS) {
    const re = new RegExp(pattern.re.source, `${pattern.re.flags.replace('g', '')}g`);
    for (const m of text.matchAll(re)) {
      const value = m[0].trim();
      if (!/\d/.test(value) || value.includes('\n')) continue;
      const start = (m.index ?? 0) + m[0].indexOf(value);
      found.push({ text: value, start: offset + start, end: offset + start + value.length });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Figure[] = [];
  for (const figure of found) {
    if (kept.some((k) => figure.start < k.end && k.start < figure.end)) continue;
    kept.push(figure);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The figures of a text, each once, in order. */
export function figureTexts(text: string): string[] {
  return [...new Set(findFigures(text).map((f) => f.text))];
}

/**
 * A span widened so it never cuts a figure of the text in two: a piece that ends inside
 * "9am - 5pm" or "4.8 / 5" takes the whole figure, so its meaning is read with it.
 */
export function widenToFigures(
  figures: readonly Figure[],
  start: number,
  end: number,
): { start: number; end: number } {
  let s = start;
  let e = end;
  for (const f of figures) {
    if (f.start < s && f.end > s) s = f.start;
    if (f.start < e && f.end > e) e = f.end;
  }
  return { start: s, end: e };
}

/** The Brief's facts from the pieces read: each widened to whole figures, numbered, its figures listed. */
export function factsOf(
  summary: string,
  pieces: ReadonlyArray<{ role: FactRole; piece: Piece }>,
): BriefFact[] {
  const figures = findFigures(summary);
  return pieces.map((f, i) => {
    const { start, end } = widenToFigures(figures, f.piece.start, f.piece.end);
    const text = summary.slice(start, end);
    return {
      id: `f${i + 1}`,
      role: f.role,
      text: text.slice(0, 300),
      span: [start, end],
      numbers: figureTexts(text).slice(0, 20),
    };
  });
}
