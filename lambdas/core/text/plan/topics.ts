import { RESULT_CONJUNCTION } from '../../brief/patterns/layout.ts';
import { BARE_REPLY } from '../realise/forms.ts';

/** Roles that state a need: what is paired with one must answer it. */
export const NEEDS: ReadonlySet<string> = new Set(['pain', 'objection', 'audience_insight']);

/** Letters two words must share at their start to count as one topic ("roof" and "roofers"). */
const STEM = 5;
const MIN_WORD = 3;

function topicWords(text: string, stop: ReadonlySet<string>): string[] {
  // A figure's unit is no topic ("30-day trial" and "twice a day" share none).
  const words = text.toLowerCase().replace(/\d[\d.,]*(?:[\s-]+\p{L}+)?/gu, ' ');
  return (words.match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((w) => w.length >= MIN_WORD && !stop.has(w));
}

const sameStem = (a: string, b: string) => {
  const k = Math.min(STEM, a.length, b.length);
  return a.slice(0, k) === b.slice(0, k);
};

/** Whether two texts share a topic: a word outside the stopwords, compared by its first letters. */
export function sharesTopic(a: string, b: string, stopwords: readonly string[]): boolean {
  const stop = new Set(stopwords);
  const left = topicWords(a, stop);
  const right = topicWords(b, stop);
  return left.some((x) => right.some((y) => sameStem(x, y)));
}

type Paired = { id: string; role: string; fragment: string };

/**
 * Which pairs of facts answer each other, for the planner to try first. A need (a pain, an
 * objection, an insight about the reader) that some other fact answers on its topic ("installers
 * who vanish" and "our installers are our own staff") is answered by such a fact, or by an offer,
 * which answers any need by inviting the reader to act. A preference, not a filter: word overlap
 * cannot see every answer ("a mattress that sags" and "a 120-night trial"). Pairs without a need are free.
 */
export function answerCheck(
  forms: readonly Paired[],
  stopwords: readonly string[],
): (lead: Paired, support: Paired) => boolean {
  const topical = (a: Paired, b: Paired) => sharesTopic(a.fragment, b.fragment, stopwords);
  const answered = new Map<Paired, boolean>();
  const hasAnswer = (need: Paired) => {
    let found = answered.get(need);
    if (found === undefined) {
      found = forms.some((o) => o.id !== need.id && !NEEDS.has(o.role) && topical(need, o));
      answered.set(need, found);
    }
    return found;
  };
  return (lead, support) => {
    const need = NEEDS.has(lead.role) ? lead : NEEDS.has(support.role) ? support : undefined;
    if (!need) return true;
    const other = need === lead ? support : lead;
    return other.role === 'offer' || topical(lead, support) || !hasAnswer(need);
  };
}

/** The facts that are replies pointing back at the note before them. */
export const repliesIn = (forms: readonly { id: string; repliesOnly?: boolean }[]): Set<string> =>
  new Set(forms.filter((f) => f.repliesOnly).map((f) => f.id));

type Placed = { id: string; role: string; text: string; span: readonly [number, number] | null };

/** The facts that have a place in the brief, in the order the brief states them. */
const inBriefOrder = <F extends Placed>(facts: readonly F[]): F[] =>
  facts.filter((f) => f.span).sort((a, b) => (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0));

/** A need asked as a question ("'Can you fit it this week?'", "„Wie schnell …?“"). */
const QUESTION = /\?["'’”»“]?$/u;

/**
 * The need each reply answers: a note that points back ("… helps there", "in 1 in 8 homes, yes,
 * …") answers the need the brief states just before it, and a need asked as a question ("People
 * ask 'What if it rains?' We paddle in the rain …") is answered by the note after it. Such a need
 * is said with its reply only: a rating or a lead time after that question answers nothing, and
 * the question alone leaves the reader without the answer the brief gives.
 */
export function replyOfNeed(facts: readonly Placed[], replies: ReadonlySet<string>): Map<string, string> {
  // (A bare "No." or "Ja, gerne" before the reply is no claim: the reply is the note after it.)
  const placed = inBriefOrder(facts).filter(
    (f) => /\S\s+\S/u.test(f.text.trim()) && !BARE_REPLY.test(f.text.trim()),
  );
  const replyOf = new Map<string, string>();
  placed.forEach((f, i) => {
    const next = placed[i + 1];
    if (!NEEDS.has(f.role) || !next || NEEDS.has(next.role)) return;
    if (replies.has(next.id) || QUESTION.test(f.text.trim())) replyOf.set(f.id, next.id);
  });
  return replyOf;
}

/** Roles a plain note gets from its words; a reply after it says better what it is. */
const PLAIN = new Set(['feature', 'benefit', 'differentiator']);

/**
 * The facts, with a plain note that a reply points back at read as the pain it is ("Patients
 * put off the dentist for years because of nerves; our sedation option helps there").
 */
export function withNeedsBeforeReplies<F extends Placed>(
  facts: readonly F[],
  replies: ReadonlySet<string>,
): F[] {
  const placed = inBriefOrder(facts);
  const needs = new Set(
    placed.filter((f, i) => PLAIN.has(f.role) && replies.has(placed[i + 1]?.id ?? '')).map((f) => f.id),
  );
  return facts.map((f) => (needs.has(f.id) ? { ...f, role: 'pain' } : f));
}

/**
 * The note the brief states right after each need, when it is a claim of the business's own (a
 * feature, a benefit, a guarantee, a price) or any claim in the same sentence ("People worry it's bland —
 * our recipes are written by chefs"): most often how the business answers it, surely so on the
 * same line. A preference, as word overlap is.
 */
export function noteAfterNeed(
  facts: readonly Placed[],
  summary: string,
): Map<string, { id: string; sameLine: boolean }> {
  const placed = inBriefOrder(facts);
  const after = new Map<string, { id: string; sameLine: boolean }>();
  placed.forEach((f, i) => {
    const next = placed[i + 1];
    if (!NEEDS.has(f.role) || !next?.span || !f.span || NEEDS.has(next.role)) return;
    const gap = summary.slice(f.span[1], next.span[0]);
    const sameSentence = gap.length <= 6 && !/[\n.!?]/u.test(gap);
    if (PLAIN.has(next.role) || next.role === 'guarantee' || next.role === 'price' || sameSentence)
      after.set(f.id, { id: next.id, sameLine: !gap.includes('\n') });
  });
  return after;
}

/** What a brief writes between a claim and its result ("…, so you're never without water"). */
const RESULT_GAP = new RegExp(`(?:^|[\\s,;–—-])${RESULT_CONJUNCTION}\\s*$`, 'iu');

/**
 * The claim each result clause follows ("We leave a working sink by day 2, so you're never without
 * water"): alone, the result says less than with its cause.
 */
export function causeOfResult(facts: readonly Placed[], summary: string): Map<string, string> {
  const placed = inBriefOrder(facts);
  const causeOf = new Map<string, string>();
  placed.forEach((f, i) => {
    const before = placed[i - 1];
    if (!before?.span || !f.span || before.span[1] > f.span[0]) return;
    if (RESULT_GAP.test(summary.slice(before.span[1], f.span[0]))) causeOf.set(f.id, before.id);
  });
  return causeOf;
}
