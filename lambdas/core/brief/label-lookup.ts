import { avoid, role } from './patterns/label-targets.ts';
import {
  ASKED_LABEL,
  DASH_LABEL,
  LABEL_ARTICLE,
  LABEL_PATTERN,
  LABEL_QUALIFIER,
  LABELS,
  type LabelTarget,
  NEGATED_LABEL,
  PAIN_LABEL,
  PRAISE_LABEL,
  QUOTE_LEAD_IN,
  SAYS_LABEL,
  WORRY_LABEL,
} from './patterns/labels.ts';
import type { Language } from './patterns/types.ts';
import { cueRole } from './roles.ts';

// Which label a brief's words are, in the lexicon of its language (patterns/labels-*.ts): as
// written, by their head word, or by what they forbid; and where a label opens a text.

/** A label's words as the lexicon writes them, in the brief's language or else in English. */
export const labelFor = (key: string, language: Language): LabelTarget | undefined =>
  LABELS[language][key] ?? LABELS.en[key];

const GREETING =
  /^(?:hi|hey|hello|dear|hiya|morning|hola|buenas|hallo|moin|servus|liebe[rs]?|bonjour|salut|coucou)$/u;

const SUBJECT_PRONOUN =
  /^(?:i|you|he|she|we|they|yo|tú|él|ella|nosotros|vosotros|ellos|ellas|ich|du|er|wir|ihr|je|tu|il|elle|nous|vous|ils|elles)$/u;

/**
 * A label only as the lexicon writes it, without reading a head word: a question inside prose
 * names a section only so ("¿Qué ofrecemos?"), never by one of its words ("Worried about cost?").
 */
export function exactLabel(words: string, language: Language): LabelTarget | undefined {
  const written = words.trim().toLowerCase().replace(/[’]/g, "'");
  return labelFor(written, language) ?? labelFor(written.replace(LABEL_ARTICLE.re, ''), language);
}

export function lookupLabel(words: string, language: Language, firstWord = false): LabelTarget | undefined {
  const written = words.trim().toLowerCase().replace(/[’]/g, "'").replace(LABEL_QUALIFIER.re, '');
  const exact = exactLabel(written, language);
  if (exact) return exact;
  const bare = written.replace(LABEL_ARTICLE.re, '');
  // "New member offer", "Parents' biggest worry": the last word names the section; in Spanish
  // and French the adjective follows the noun ("Miedo habitual", "Offre spéciale"): the first does.
  // A German genitive names whose section it is ("Häufige Sorge der Kunden"): the noun before it is the head.
  const parts = (language === 'de' ? bare.replace(/\s(?:der|des)\s.+$/u, '') : bare).split(/\s+/);
  // "Hey team -", "Hallo Team:": a greeting, whatever word follows it.
  if (parts.length > 1 && GREETING.test(parts[0] ?? '')) return undefined;
  if (parts.length < 2) return parts[0] !== bare ? labelFor(parts[0] ?? '', language) : undefined;
  if (PAIN_LABEL.re.test(bare)) return role('pain', true);
  if (PRAISE_LABEL.re.test(bare)) return role('benefit', true);
  if (WORRY_LABEL.re.test(bare)) return role('objection', true);
  // (What they ask is one question, commas and all.)
  if (ASKED_LABEL.re.test(bare)) return role('objection');
  if (SAYS_LABEL.re.test(bare)) return role('proof');
  // A subject pronoun makes the words a clause, not a section's name ("Nos clientes nous disent :").
  if (parts.some((w) => SUBJECT_PRONOUN.test(w))) return undefined;
  // "Why Summit", "Why choose Acme": why us.
  if (language === 'en' && parts[0] === 'why') return labelFor('why us', language);
  const head = (language === 'es' || language === 'fr' ? parts[0] : parts.at(-1)) ?? '';
  // "Homeowners' #1 question": the last two words may be the section's name.
  const lastTwo = parts.length > 2 ? labelFor(parts.slice(-2).join(' '), language) : undefined;
  if (lastTwo) return lastTwo;
  // German also puts the section first ("Aktion Frühjahr"), and so does an English label before
  // its colon ("Competitor comparison:"; a bare line "Offer ends soon" is no heading).
  const first =
    language === 'de' || (firstWord && language === 'en') ? labelFor(parts[0] ?? '', language) : undefined;
  return labelFor(head, language) ?? first;
}

/**
 * A label the lexicon lacks that names a section by what it forbids ("Claims we can't make:"):
 * only where the layout says it is a label (a colon, a marked heading), as a line of its own
 * ("No decir 'barato'") is the prohibition itself.
 */
export function labelOrNegated(words: string, language: Language): LabelTarget | undefined {
  // The negation first: "Claims we can't make" is no section of claims.
  if (words.trim().split(/\s+/).length > 1 && NEGATED_LABEL.re.test(words)) return avoid;
  return lookupLabel(words, language, true);
}

/** Whether the text after an audience label is an offer for those people ("New customers: 10% off …"). */
function offerFor(text: string): boolean {
  const role = cueRole(text);
  // ("New customers: half price first box" is an offer without a figure.)
  return role === 'offer' || (/\d/u.test(text) && role === 'price' && /[£$€%]/u.test(text));
}

/** A known label at the start of `text`: its target and the length of `Label: `. */
export function leadingLabel(
  text: string,
  language: Language,
): { target: LabelTarget; length: number } | undefined {
  const m = LABEL_PATTERN.re.exec(text);
  const target = m?.[1] ? labelOrNegated(m[1], language) : undefined;
  // "New customers: 10% off the first visit" names whom an offer is for: the line is that offer.
  if (m && target && 'field' in target && target.field === 'audience' && offerFor(text.slice(m[0].length)))
    return undefined;
  if (m && target) return { target, length: m[0].length };
  const dash = DASH_LABEL.re.exec(text);
  const dashed = dash?.[1] ? lookupLabel(dash[1], language) : undefined;
  if (dash && dashed) return { target: dashed, length: dash[0].length };
  return quoteLeadIn(text, language);
}

/** How many words of a quotation's lead-in may be its label ("customer quote" of "Customer quote we love, …"). */
const LEAD_IN_LABEL_WORDS = 3;

/** A role label followed by words of the brief's own, then a quotation: the label covers the lead-in. */
function quoteLeadIn(text: string, language: Language): { target: LabelTarget; length: number } | undefined {
  const m = QUOTE_LEAD_IN.re.exec(text);
  if (!m?.[1]) return undefined;
  const words = m[1]
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[\s,]+/);
  for (let n = Math.min(LEAD_IN_LABEL_WORDS, words.length); n >= 1; n--) {
    const key = words.slice(0, n).join(' ');
    const target = labelFor(key, language);
    if (target && 'role' in target) return { target, length: m[0].length };
  }
  return undefined;
}

/**
 * A label that opens a new section inside running text: capitalised and in the lexicon as written
 * ("Offer:", not "time to offer:", which only the last-word rule would read as one).
 */
export function sectionLabel(text: string, language: Language): boolean {
  const m = LABEL_PATTERN.re.exec(text);
  const words = m?.[1]?.trim() ?? '';
  const key = words.toLowerCase().replace(/[’]/g, "'");
  return /^\p{Lu}/u.test(words) && Boolean(labelFor(key, language));
}
