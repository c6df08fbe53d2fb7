import { type LabelTarget, mandatories } from './patterns/label-targets.ts';
import { FOOTNOTE, HASHTAG_LINE, MAIL_LINE, RULE_LINE, TABLE_ROW, TABLE_RULE } from './patterns/layout.ts';
import { isWorry } from './roles.ts';

/** A stretch of the summary: a sentence or list item, with what its label (if any) says it is. */
export type Segment = {
  start: number;
  end: number;
  text: string;
  /** The label in force (on this sentence, its line, or a heading above a list). */
  label?: LabelTarget;
  /** 0-based line and sentence-in-line: the first sentence of the brief introduces the business. */
  line: number;
  sentence: number;
  bullet: boolean;
};

// Lines whose layout says what they are before any label is read (segment.ts): a forwarded
// e-mail's lines, footnotes, Markdown table rows.

/** A span of `text` without the spaces and trailing stops around it. */
export function trimmed(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  while (s < e && /[\s]/u.test(text[s] ?? '')) s++;
  while (e > s && /[\s.;,:]/u.test(text[e - 1] ?? '')) e--;
  // Keep a closing quote or bracket, drop an unmatched opening one.
  return { start: s, end: e };
}

/**
 * A line the layout says what it is, before any label: a forwarded e-mail's line (skipped), a
 * footnote (a mandatory), a table row; undefined for any other line.
 */
export function layoutLine(
  lines: string[],
  index: number,
  lineStart: number,
  heading: LabelTarget | undefined,
  starNote: boolean,
  labelOf: (words: string) => LabelTarget | undefined,
): Segment | 'skip' | undefined {
  const rawLine = lines[index] ?? '';
  if (MAIL_LINE.re.test(rawLine) || RULE_LINE.re.test(rawLine) || HASHTAG_LINE.re.test(rawLine))
    return 'skip';
  const footnote = FOOTNOTE.re.exec(rawLine) ?? (starNote ? /^\s*\*\s+/u.exec(rawLine) : null);
  if (footnote) {
    const span = trimmed(rawLine, footnote[0].length, rawLine.length);
    if (span.end <= span.start) return 'skip';
    const text = rawLine.slice(span.start, span.end);
    return {
      start: lineStart + span.start,
      end: lineStart + span.end,
      text,
      label: mandatories,
      line: index,
      sentence: 0,
      bullet: false,
    };
  }
  if (TABLE_ROW.re.test(rawLine) || TABLE_RULE.re.test(rawLine))
    return tableRow(lines, index, lineStart, heading, labelOf) ?? 'skip';
  return undefined;
}

/** The first cell of a table row, trimmed. */
const firstCell = (line: string) => /^\s*\|([^|]*)\|/u.exec(line)?.[1]?.trim() ?? '';

/**
 * Whether the table around line `index` has a column of field names: two of its body rows at
 * least, and two thirds of them (below the header's rule, when it has one), open with a label
 * the lexicon knows. A column of services ("Bad | Komplettbad in 10 Tagen") has a few at most.
 */
function labelColumn(
  lines: string[],
  index: number,
  labelOf: (words: string) => LabelTarget | undefined,
): boolean {
  const inTable = (i: number) => TABLE_ROW.re.test(lines[i] ?? '') || TABLE_RULE.re.test(lines[i] ?? '');
  let top = index;
  while (top > 0 && inTable(top - 1)) top--;
  let bottom = index;
  while (bottom + 1 < lines.length && inTable(bottom + 1)) bottom++;
  const rule = lines.slice(top, bottom + 1).findIndex((l) => TABLE_RULE.re.test(l));
  const body = lines
    .slice(rule >= 0 ? top + rule + 1 : top, bottom + 1)
    .filter((l) => TABLE_ROW.re.test(l) && !TABLE_RULE.re.test(l));
  const known = body.filter((l) => labelOf(firstCell(l))).length;
  return known >= 2 && known * 3 >= body.length * 2;
}

/** How short every cell of a table's header row is (a header names columns, it claims nothing). */
const HEADER_CELL_WORDS = 2;

/**
 * A Markdown table row as one item: the rule and the header row are layout, never copy; a first
 * cell the lexicon knows ("Preis", "Offer") labels the rest; otherwise the row is read whole
 * ("Notdienst | 24/7, Anfahrt in 60 Minuten"), its cells joined as a label and its claim.
 */
function tableRow(
  lines: string[],
  index: number,
  lineStart: number,
  heading: LabelTarget | undefined,
  labelOf: (words: string) => LabelTarget | undefined,
): Segment | undefined {
  const line = lines[index] ?? '';
  if (TABLE_RULE.re.test(line)) return undefined;
  const cells: Array<{ start: number; end: number; text: string }> = [];
  for (const m of line.matchAll(/\|([^|]*)(?=\|)/gu)) {
    const from = (m.index ?? 0) + 1;
    const span = trimmed(line, from, from + (m[1] ?? '').length);
    if (span.end > span.start) cells.push({ ...span, text: line.slice(span.start, span.end) });
  }
  const first = index === 0 || !TABLE_ROW.re.test(lines[index - 1] ?? '');
  const ruled = TABLE_RULE.re.test(lines[index + 1] ?? '');
  const short = cells.every((c) => !/\d/.test(c.text) && c.text.split(/\s+/).length <= HEADER_CELL_WORDS);
  if (cells.length === 0 || (first && (ruled || short))) return undefined;
  const found = cells.length > 1 ? labelOf(cells[0]?.text ?? '') : undefined;
  // A first cell that names no role ("Support", which is a section of claims in a creative brief)
  // says what the row's claim is about ("Support | UK team, replies within 2 hours"): it stays.
  const label = found && 'field' in found && found.field === 'claims' ? undefined : found;
  // In a table whose first column names fields (most of its cells are labels the lexicon
  // knows), a first cell it does not know ("Also") is a field's name too, never copy.
  const named = label || (!found && cells.length > 1 && labelColumn(lines, index, labelOf));
  const from = named ? cells[1] : cells[0];
  const to = cells.at(-1);
  if (!from || !to) return undefined;
  return {
    start: lineStart + from.start,
    end: lineStart + to.end,
    text: line.slice(from.start, to.end),
    ...((label ?? heading) ? { label: label ?? heading } : {}),
    line: index,
    sentence: 0,
    bullet: true,
  };
}

/**
 * Whether a worry's label in the singular ("Common worry:") has already named its one worry on
 * this segment's line: the clauses after it ("… — panels still work on cloudy days; a typical
 * system makes 3,400 kWh") are read as the claims they are. One gate per brief.
 */
export function oneWorryPerLine(): (label: LabelTarget, seg: Segment) => boolean {
  const lines = new Set<number>();
  return (label, seg) => {
    if (!('role' in label) || label.list || !isWorry(label.role)) return false;
    if (lines.has(seg.line)) return true;
    lines.add(seg.line);
    return false;
  };
}
