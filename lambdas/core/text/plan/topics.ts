/** Roles that state a need: what is paired with one must answer it. */
const NEEDS = new Set(['pain', 'objection', 'audience_insight']);

/** Letters two words must share at their start to count as one topic ("roof" and "roofers"). */
const STEM = 5;
const MIN_WORD = 3;

function topicWords(text: string, stop: ReadonlySet<string>): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter(
    (w) => w.length >= MIN_WORD && !stop.has(w),
  );
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

type Placed = { id: string; role: string; span: readonly [number, number] | null };

/**
 * The need each reply that points back answers: the note the brief states just before it
 * ("Biggest objection: 'Do I need a new fuse board?' Answer: in 1 in 8 homes, yes, …"). Such a
 * need is said with its reply only: a rating or a lead time after that question answers nothing,
 * and the question alone leaves the reader without the answer the brief gives.
 */
export function replyOfNeed(facts: readonly Placed[], replies: ReadonlySet<string>): Map<string, string> {
  const placed = facts.filter((f) => f.span).sort((a, b) => (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0));
  const replyOf = new Map<string, string>();
  placed.forEach((f, i) => {
    const before = placed[i - 1];
    if (replies.has(f.id) && before && NEEDS.has(before.role) && !replyOf.has(before.id))
      replyOf.set(before.id, f.id);
  });
  return replyOf;
}
