/**
 * What a language needs to write angles and copy: ICU MessageFormat strings (compiled with
 * intl-messageformat, so plurals and selects follow the locale's rules) and the pattern data the
 * realiser uses to turn the brief's notes into reader-facing sentences. Every natural-language
 * word the offline engine writes lives in a catalogue; code only picks and fills messages.
 */
export type Catalogue = {
  /** BCP 47 locale for Intl (numbers, plural rules, segmenter). */
  locale: string;
  /**
   * ICU messages. Hook frames take `lead` and `support` (sentences or fragments prepared by the
   * realiser), `business`; names take `topic`; directions take `fact`, `count`.
   */
  messages: Record<MessageKey, string>;
  /** CTA label per intent (a button: 20 characters at most). */
  cta: Record<CtaIntent, string>;
  /** A question is punctuated the language's way ("¿…?", French " ?"). */
  question: { open: string; close: string };
  /** Sentence-final punctuation after a statement. */
  stop: string;
  /** Voice: third-person notes about the audience turned to the reader. */
  voice: {
    /** Whole-word replacements applied to audience-side facts (their → your). */
    pronouns: [string, string][];
    /** Generic subjects ("people", "customers") that become the reader when they open a fact. */
    genericSubjects: string;
    /**
     * Subjects that open a clause of its own where no NLP library reads the language ("los
     * clientes están cansados de …"): such a worry is stated, never asked.
     */
    clauseSubjects?: string;
    /**
     * How a worry that can be asked opens where no NLP library reads the language: a noun phrase
     * or an infinitive ("¿Una obra que no acaba nunca?", "Rester sans vélo une semaine ?"), never
     * a conjugated verb ("Ont peur de … ?") or a subject of its own ("Viele Schüler haben …?").
     */
    askableOpening?: string;
    /** What the reader is called when a generic subject is replaced. */
    reader: string;
    /**
     * A note about the audience that, told to the reader, would claim of every one what the brief
     * says of most ("most people haven't checked …" → "you haven't checked …"): the opening
     * dropped, the rest asked ("Haven't checked your renewal price in years?") and never stated.
     */
    readerQuestion?: string;
    /**
     * Relative openers ("who", "die") stripped from a fragment; "which"-like ones, and a remark
     * that points back at another claim ("that's the thing they mention most"), make it unusable.
     */
    relativeStrip: string;
    relativeUnusable: string;
    /**
     * How a reply points back at the worry before it ("the 10-year warranty helps there", "we
     * handle that with …", "we quote that upfront", "in 1 in 8 homes, yes, …", "eso lo
     * soluciona"): it follows its worry, never stands alone.
     */
    pointsBack: string;
    /** A connective a list item opens with ("plus …"), dropped when the fact stands alone. */
    leadingConnective: string;
    /**
     * How a brief reports what the business hears ("the biggest complaint we hear is about …",
     * "our research says …"), or frames a campaign ("in this campaign we're featuring …"):
     * dropped, so the reader sees the worry or the thing itself. A named group `keep` stays.
     */
    reportingFrame: string;
    /**
     * How a brief reports what its audience tells the business ("nurses tell us …"): dropped
     * from notes about the audience (a pain, a worry), so the reader hears it; a proof keeps who
     * said it.
     */
    audienceSays: string;
    /**
     * How an agency's notes open a claim about its client in the third person ("They're a
     * wedding venue …", "They've got 5 rooms"): dropped, so the claim stands as ad copy. Only
     * the copula and "have got", which leave a noun phrase; a language whose third person is
     * also the polite "you" (German "Sie") has none.
     */
    businessPronoun?: string;
    /**
     * How a brief tells the agency where the business stands ("self-employed = our niche", "side
     * sleepers are our best segment", "first-time buyers mainly", "guests are mostly 60-75"): a
     * note for planning, never printed (a fact that says it is no hook).
     */
    positioning: string;
    /**
     * A comparison's opening that names the rival ("Unlike Brand X pods, …", "Compared to Y, …"):
     * dropped with the name, so the claim after it stands on its own.
     */
    rivalLead: string;
    /**
     * The preposition that puts a rating's platform after it: a note led by the platform's name
     * ("Google: 4,9 ★") reads "4,9 ★ en Google", so no frame prints two leads ("Acme: Google: …").
     */
    ratingOn: string;
    /** Verb-second inversions of a note ("garantieren wir …") put back in subject-first order. */
    inversion?: { pattern: string; replace: string };
    /**
     * A worry told as what the audience feels ("ils ont peur de …", "they're afraid of …"): the
     * feeling itself, which a hook asks the reader ("Peur de … ?", "Afraid of …?").
     */
    feeling?: { pattern: string; replace: string }[];
  };
  /**
   * Where a long note joins two claims (", and", ";"): a thin brief's facts are split there into
   * parts. Not a colon before a figure ("First-time passes: 81%"): the words before it name the
   * figure and claim nothing alone.
   */
  clauseSplit: string;
  /** Nouns are capitalised (German): never lower-case a fact's first word. */
  nounsCapitalised: boolean;
  /** Note-taking shorthand written out for a reader ("w/in" → "within"); each carries the example that is its test. */
  shorthand: readonly Shorthand[];
  /**
   * A fact told in the first person ("we're rated …") named by the business instead: the
   * openings a name can replace without changing the verb's agreement, with what follows the name.
   * `opening` matches any first-person start, so such a fact never follows "Business:".
   */
  firstPerson: { opening: string; named: readonly (readonly [string, string])[] };
  /**
   * The reader's first person turned to the second, whole words in order ("we're" → "you're",
   * "I was" → "you were"): a quoted belief is asked in it ('hook.belief': "'we're too small to be
   * a target'" → "Think you're too small to be a target?"). Absent where a verb's ending alone
   * says the person ("no sé conducir"): the quote is printed as written.
   */
  readerVoice?: readonly (readonly [string, string])[];
  /**
   * Words for children, lower case: a figure after one in an audience is the children's age, which
   * says whom the offer fits ("parents of kids 5-12"); a figure before any is the reader's own age
   * or the company's size, the ad platform's targeting, and no callout names it.
   */
  childWords: readonly string[];
  /**
   * Words that carry no topic beyond the policy's function words (DANGLING): a pain and the fact
   * that answers it must share a word outside both.
   */
  topicStopwords: readonly string[];
};

/** One shorthand: a pattern (case-insensitive, whole words) and its written-out form. */
export type Shorthand = { pattern: string; to: string; example: readonly [string, string] };

export type CtaIntent = 'book' | 'quote' | 'shop' | 'join' | 'apply' | 'contact' | 'learn' | 'donate';

export type MessageKey =
  | 'hook.question'
  | 'hook.belief'
  | 'hook.statement'
  | 'hook.pair'
  | 'hook.business'
  | 'hook.youGet'
  | 'hook.subject'
  | 'hook.callout'
  | 'hook.offer'
  | 'name.pain'
  | 'name.proof'
  | 'name.differentiator'
  | 'name.objection'
  | 'name.offer'
  | 'name.audience'
  | 'name.how'
  | 'name.comparison'
  | 'name.guarantee'
  | 'name.price'
  | 'name.benefit'
  | 'name.pair'
  | 'direction.lead'
  | 'direction.support'
  | 'direction.tone'
  | 'visual.style'
  | 'warning.noFit'
  | 'warning.ctaReplaced';
