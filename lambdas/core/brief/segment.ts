import { lemmaOf } from '../lexicon/wordnet.ts';
import { exactLabel, labelOrNegated, leadingLabel, lookupLabel, sectionLabel } from './label-lookup.ts';
import { layoutLine, type Segment, trimmed } from './lines.ts';
import { ABBREVIATIONS } from './patterns/abbreviations.ts';
import { location } from './patterns/label-targets.ts';
import { CAPITAL_LABEL, type LabelTarget } from './patterns/labels.ts';
import { BULLET, ITEM_SEPARATOR, LINE_MARKER, MARKED_HEADING } from './patterns/layout.ts';
import type { Language } from './patterns/types.ts';
import { isWorry } from './roles.ts';

export type { Segment } from './lines.ts';

const ABBREVIATION_SET = new Set(ABBREVIATIONS);

/** A map pin as a line's bullet (📍, 🗺): the line says where. */
const PIN = /\u{1F4CD}|\u{1F5FA}/u;

/**
 * Field labels that cover their whole line: a writer's aside, and the lines the ads must carry or
 * must not say ("Mandatories: \"Terms apply.\" FCA number 123456." is two mandatories).
 */
const LINE_FIELDS = new Set(['aside', 'mandatories', 'avoid']);

/** An English abbreviation is short ("reqd.", "dept."); a longer word before a stop ends a sentence ("trained."). */
const MAX_ABBREVIATION = 5;

/**
 * Intl.Segmenter keeps "in-house. 30+ yrs." and "so far). £10 feeds…" together, and notes typed
 * in lower case ("portsmouth. small studio. classes 7 days."): a full stop before a figure, a
 * currency or a lower-case word also ends a sentence (an abbreviation's stop is joined back below).
 */
const BEFORE_FIGURE = /(?<=[\p{Ll})]\.|\d\.)\s+(?=[\d£$€(]|\p{Ll})/gu;
const AFTER_STOP = /[.!?]\s+/gu;

/** Sentences of one line (Intl.Segmenter), re-joined after abbreviations such as "approx.". */
export function sentencesOf(line: string, language: Language): Array<{ start: number; end: number }> {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  const out: Array<{ start: number; end: number }> = [];
  const bounds: Array<{ start: number; end: number }> = [];
  for (const s of segmenter.segment(line)) {
    let from = s.index;
    // A known label after a stop ("… since 1990. offer: …") opens a sentence even where the segmenter ran on.
    const labelled = [...s.segment.matchAll(AFTER_STOP)].filter((m) =>
      sectionLabel(s.segment.slice((m.index ?? 0) + m[0].length), language),
    );
    // In English, a short word WordNet lacks before the stop is an abbreviation ("reqd. by law").
    const stops = [...s.segment.matchAll(BEFORE_FIGURE)].filter((m) => {
      const at = m.index ?? 0;
      const word = /(\p{L}+)\.$/u.exec(s.segment.slice(0, at))?.[1];
      const lower = /^\p{Ll}/u.test(s.segment.slice(at + m[0].length));
      return (
        language !== 'en' ||
        !word ||
        !lower ||
        word.length > MAX_ABBREVIATION ||
        lemmaOf(word.toLowerCase()) !== undefined
      );
    });
    const cuts = [...stops, ...labelled]
      .map((m) => s.index + (m.index ?? 0) + m[0].length)
      .sort((a, b) => a - b);
    for (const cut of cuts) {
      if (cut <= from) continue;
      bounds.push({ start: from, end: cut });
      from = cut;
    }
    bounds.push({ start: from, end: s.index + s.segment.length });
  }
  for (const { start, end } of bounds) {
    const previous = out.at(-1);
    const lastWord = previous
      ? line
          .slice(previous.start, previous.end)
          .trim()
          .split(/\s+/)
          .at(-1)
          ?.replace(/^[([]+/u, '')
      : undefined;
    const previousText = previous ? line.slice(previous.start, previous.end).trim() : '';
    // "approx. 10" and a name with a question mark in it ("Who? Magazine") do not end a sentence.
    const joins =
      (lastWord && ABBREVIATION_SET.has(lastWord.toLowerCase())) ||
      // (a word alone before its mark is an exclamation: "Hey! So …")
      (/\s\p{Lu}[\p{L}]*[?!]$/u.test(previousText) && /^\s*\p{Lu}/u.test(line.slice(start, end))) ||
      // A German ordinal ("am 3. Oktober"); elsewhere, and after a range ("zones 1-4."), the stop ends it.
      // (Not before a pronoun or an article, which opens a sentence: "zwischen 40 und 70. Ihre …".)
      (language === 'de' &&
        /(?<!\d[-–])\b\d{1,2}\.$/u.test(previousText) &&
        !/^\s*(?:Ihre?|Wir|Sie|Die|Der|Das|Unsere?|Er|Es|Ich|Man|Alle|Jede[rs]?)\s/u.test(
          line.slice(start, end),
        )) ||
      // A label and its dot leader ("Client ........ Acme") is no sentence of its own.
      /^\p{L}[\p{L}\s/&-]{0,40}?\s*(?:\.{3,}|…+)$/u.test(previousText) ||
      !/[\p{L}\d]/u.test(line.slice(start, end));
    // A quotation runs on over its own stops ("Subscription renews automatically. Cancel anytime."),
    // and its attribution after a dash stays with it ("„Pünktlich.“ – Familie B.").
    const before = previous ? line.slice(previous.start, previous.end) : '';
    const quoted =
      previous &&
      (openQuote(before) || (/["”“»]\s*$/u.test(before) && /^\s*[–—-]\s/u.test(line.slice(start, end))));
    if (previous && (joins || quoted) && !sectionLabel(line.slice(start, end), language)) previous.end = end;
    else out.push({ start, end });
  }
  return out;
}

/** Whether a quotation opens in `text` and does not close there (straight quotes by their count). */
function openQuote(text: string): boolean {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  // German opens with „ and closes with “, which opens elsewhere.
  const german = count(/„/gu) > 0;
  const opened = german ? count(/„/gu) : count(/[“«]/gu);
  const closed = german ? count(/[“”]/gu) : count(/[”»]/gu);
  return count(/"/g) % 2 === 1 || opened > closed;
}

/**
 * What a line that is a heading says of the text under it: a section of the lexicon, 'layout'
 * for a heading the layout makes (a short line in capitals: "OVERVIEW"), else undefined.
 */
function headingOf(body: string, language: Language): LabelTarget | 'layout' | undefined {
  // A line with a label and text of its own ("Soins : implants, blanchiment") is no heading.
  if (/:\s*\S/u.test(body)) return undefined;
  const line = body.trim();
  // Without a colon, Spanish and French name a section only as the lexicon writes it: their head
  // word comes first, so "Productos sin amoníaco" would read as a "Productos" heading.
  const target = /[:?]$/.test(line)
    ? labelOrNegated(line.replace(/^¿/u, '').replace(/\s*[:?]$/u, ''), language)
    : language === 'es' || language === 'fr'
      ? exactLabel(line, language)
      : lookupLabel(line, language);
  const words = line.split(/\s+/).length;
  // A heading is short; a colon lets it carry a qualifier ("Hero products for this campaign:").
  if (target) return words <= 4 || (words <= 6 && /[:?]$/.test(line)) ? target : undefined;
  // A heading in capitals, or a short one with a colon and nothing after it ("Support:"), is layout.
  return (/^[\p{Lu}'’&\s-]{3,30}$/u.test(line) || /^\p{L}[\p{L}\s'’&-]{0,30}:$/u.test(line)) && words <= 4
    ? 'layout'
    : undefined;
}

/**
 * What a heading says of the text under it. A business or product heading heads a description,
 * read as the brief's opening is (name, product, place, then claims), not one product phrase.
 */
function ofText(target: LabelTarget | undefined): LabelTarget | undefined {
  if (target && 'field' in target && (target.field === 'business' || target.field === 'product'))
    return undefined;
  return target;
}

/**
 * A line that heads what follows it, and the section it names: an intake form's question ("What
 * do you sell?", "¿Qué vendes?") or a heading the lexicon knows; an interview's question ("Q:
 * What's special?") even where it names no section. A question's answer is the paragraph under
 * it, not only a list. 'chat' for a chat's question, the team talking ("[10:43] Sara: what's the
 * hook?"). Either is never copy.
 */
function askedLine(
  marker: string,
  body: string,
  bulleted: boolean,
  language: Language,
): 'chat' | { heading: LabelTarget | undefined; marked: boolean } | undefined {
  const question = /\?\s*$/u.test(body);
  if (/\d/u.test(marker) && question) return 'chat';
  const found = bulleted ? undefined : headingOf(body, language);
  if (found)
    return {
      heading: found === 'layout' ? undefined : ofText(found),
      marked: found !== 'layout' && question,
    };
  return marker && question ? { heading: undefined, marked: true } : undefined;
}

/**
 * Splits a summary into labelled sentences and items with their spans. A label line with no
 * text of its own ("Key specs", "What sets us apart:") labels the list under it.
 */
export function segment(summary: string, language: Language): Segment[] {
  const out: Segment[] = [];
  let heading: LabelTarget | undefined;
  // A marked heading ("## Audience") rules the paragraphs under it until the next one.
  let marked = false;
  let offset = 0;
  const lines = summary.split('\n');
  // "* Success fee up to 25%" under "No win, no fee*": the one starred line answering a starred
  // claim is its footnote, not a bullet.
  const starred = lines.map((l, i) => (/^\s*\*\s/u.test(l) ? i : -1)).filter((i) => i >= 0);
  const starNote = starred.length === 1 && /\p{L}\*(?=[\s,.;:)]|$)/mu.test(summary) ? starred[0] : -1;
  lines.forEach((rawLine, lineIndex) => {
    const lineStart = offset;
    offset += rawLine.length + 1;
    if (rawLine.trim() === '') {
      if (!marked) heading = undefined;
      return;
    }
    const special = layoutLine(lines, lineIndex, lineStart, heading, lineIndex === starNote, (w) =>
      lookupLabel(w, language),
    );
    if (special) {
      if (special !== 'skip') out.push(special);
      return;
    }
    const mark = MARKED_HEADING.re.exec(rawLine);
    if (mark) {
      heading = ofText(labelOrNegated(mark[1] ?? mark[2] ?? mark[3] ?? '', language));
      marked = true;
      return;
    }
    const marker = LINE_MARKER.re.exec(rawLine)?.[0] ?? '';
    const bulletMatch = BULLET.re.exec(rawLine.slice(marker.length));
    const bodyStart = marker.length + (bulletMatch ? bulletMatch[0].length : 0);
    const body = rawLine.slice(bodyStart);
    const headed = askedLine(marker, body, !!bulletMatch, language);
    if (headed === 'chat') return;
    if (headed) {
      ({ heading, marked } = headed);
      return;
    }
    if (!bulletMatch && !marked) heading = undefined;
    // "📍 Norwich & Norfolk": a pin marks the line as where the business is.
    let lineLabel: LabelTarget | undefined = PIN.test(bulletMatch?.[0] ?? '') ? location : undefined;
    // "¿Qué ofrecemos? Cursos de inglés …": a question that names a section labels the answer after it.
    let asked: LabelTarget | undefined;
    const sentences = sentencesOf(body, language);
    sentences.forEach((sentence, sentenceIndex) => {
      let start = sentence.start;
      const question = body.slice(start, sentence.end).trim();
      const named =
        sentenceIndex + 1 < sentences.length && /\?$/u.test(question) && question.split(/\s+/).length <= 5
          ? exactLabel(question.replace(/^¿/u, '').replace(/\?$/u, ''), language)
          : undefined;
      if (named) {
        asked = named;
        return;
      }
      const found = leadingLabel(body.slice(start, sentence.end), language);
      // Under a section of claims, an audience label says whom the claim is for ("New clients:
      // 3 classes for £39" under the offer): the claim keeps it.
      const forWhom = found && 'field' in found.target && found.target.field === 'audience';
      const label = forWhom && heading && 'role' in heading ? undefined : found;
      if (!label) start += CAPITAL_LABEL.re.exec(body.slice(start, sentence.end))?.[0].length ?? 0;
      if (label) {
        start += label.length;
        // A label opening a line labels the whole line; one inside prose, only its sentence.
        // A field label (audience, tone) covers its sentence only: what follows is content again.
        // An aside label ("Quick context:") makes its whole line the writer's note.
        // A worry's label covers the worry only: the sentence after it is the answer ("#1 question:
        // '…?' Most customers see payback in 4 years").
        const worry = 'role' in label.target && isWorry(label.target.role);
        if (sentenceIndex === 0)
          lineLabel =
            ('role' in label.target && !worry) ||
            ('field' in label.target && LINE_FIELDS.has(label.target.field))
              ? label.target
              : undefined;
      }
      let current = label?.target ?? asked ?? lineLabel ?? heading;
      asked = undefined;
      // Items of a list written in one sentence ("a; b; c").
      const text = body.slice(start, sentence.end);
      const re = new RegExp(ITEM_SEPARATOR.re.source, 'gu');
      let pieceStart = 0;
      const cuts = [...text.matchAll(re)].map((m) => ({ at: m.index ?? 0, length: m[0].length }));
      cuts.push({ at: text.length, length: 0 });
      cuts.forEach((cut, cutIndex) => {
        const span = trimmed(rawLine, bodyStart + start + pieceStart, bodyStart + start + cut.at);
        pieceStart = cut.at + cut.length;
        // "…; Offer: first month free": a label after a separator starts a section of its own.
        const inner = cutIndex > 0 ? leadingLabel(rawLine.slice(span.start, span.end), language) : undefined;
        if (inner) {
          span.start = trimmed(rawLine, span.start + inner.length, span.end).start;
          current = inner.target;
        }
        if (span.end <= span.start) return;
        out.push({
          start: lineStart + span.start,
          end: lineStart + span.end,
          text: rawLine.slice(span.start, span.end),
          ...(current ? { label: current } : {}),
          line: lineIndex,
          sentence: sentenceIndex,
          bullet: Boolean(bulletMatch),
        });
      });
    });
  });
  return out;
}

/**
 * Fields that say nothing of what the business is: a campaign's objective, its channels, notes,
 * policy; and who buys ("ops managers at plumbing firms" buy software, not plumbing).
 */
const NOT_ABOUT_THE_BUSINESS = new Set(['skip', 'aside', 'avoid', 'tone', 'mandatories', 'audience']);

/**
 * The summary with its notes blanked out, offsets kept: what the taxonomy reads. "Objective: drive
 * trial in grocery" is where the campaign runs, not what the business is. `segments` are the
 * summary's, as segment() read them.
 */
export function businessText(summary: string, segments: readonly Segment[]): string {
  let out = summary;
  for (const seg of segments)
    if (seg.label && 'field' in seg.label && NOT_ABOUT_THE_BUSINESS.has(seg.label.field))
      out = out.slice(0, seg.start) + ' '.repeat(seg.end - seg.start) + out.slice(seg.end);
  return out;
}
