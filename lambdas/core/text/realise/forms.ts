import { SPACED_DASH } from '../../brief/patterns/layout.ts';
import { MASS_ENDING } from '../../brief/patterns/subject.ts';
import type { BriefFact } from '../../brief/schema.ts';
import { lemmaOf } from '../../lexicon/wordnet.ts';
import type { Nlp } from '../nlp.ts';
import type { Catalogue } from './catalogue.ts';
import { expandShorthand } from './shorthand.ts';

/**
 * A fact made ready for a frame: the brief's words in the reader's voice, with the first letter
 * in the case the frame needs, and what kind of phrase it is (so a frame only takes what reads as
 * grammatical in it).
 */
export type FactForm = {
  id: string;
  /** Set on a part of a note that joins several claims ("f2.1"): planned as a fact of its own. */
  part?: string;
  role: BriefFact['role'];
  /** The fact mid-sentence: voice turned to the reader, no final stop, first letter as written. */
  fragment: string;
  /** Opens with a finite verb in the third person singular ("covers …"): needs a subject. */
  needsSubject: boolean;
  /** Opens with the reader ("you …"): a statement, never a question. */
  addressed: boolean;
  /** A bare singular noun phrase without a determiner ("named account manager"). */
  bareSingular: boolean;
  /** A clause with its own subject and verb ("termite damage isn't covered …"): a statement, never a question. */
  clause: boolean;
  /** Opens with what the reader feels or does ("hate being on camera", "always wanted to fly"): can be asked. */
  askable: boolean;
  /** A relative clause or a dangling note no frame can take. */
  unusable: boolean;
  /** A worry told as a topic or a feeling ("the claims process", "hate being on camera"): asked, never stated. */
  askOnly?: boolean;
  /** A reply that points back at the worry before it ("… helps there"): it follows a worry, never leads. */
  repliesOnly?: boolean;
};

/** A yes or a no and at most one word more: a reply with no claim of its own. */
export const BARE_REPLY = /^(?:yes|no|ja|nein|sí|si|oui|non)[,!.]?(?:\s+\p{L}+)?[.!]?$/iu;

/** A rating led by its platform's name and a colon ("Google: 4,9 ★", "Trustpilot: 4.8/5"). */
const PLATFORM_LEAD =
  /^(\p{Lu}[\p{L}.]*(?: \p{Lu}[\p{L}]*)?)\s?:\s?(\d(?:[.,]\d)?\s?(?:\/\s?(?:5|10)\b|★|⭐|stars?\b|estrellas\b|Sterne\b|étoiles\b))(.*)$/u;

const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the brief capitalised the fact only because it opens a line, a sentence or a list item. */
function capitalisedByPosition(summary: string, span: [number, number] | null): boolean {
  if (!span) return true;
  const before = summary.slice(Math.max(0, span[0] - 3), span[0]);
  return span[0] === 0 || /(?:^|[\n.!?:;•\-–—(]\s*)$/u.test(before);
}

function firstLetterCase(
  text: string,
  cat: Catalogue,
  summary: string,
  span: [number, number] | null,
  firstTags: ReadonlySet<string>,
) {
  if (cat.nounsCapitalised) return text;
  const first = text.split(/\s/)[0] ?? '';
  // An acronym or a name keeps its capital; a word capitalised by its position in the brief does not.
  if (first.length > 1 && first === first.toUpperCase()) return text;
  if (/\p{Lu}/u.test(first.slice(1))) return text;
  // A grade or a rating letter before a hyphen ("A-rated", "B-Corp").
  if (/^\p{Lu}-/u.test(first)) return text;
  // A name of several capitalised words ("Which? Trusted Trader", "Insurer of the Year") keeps its capital.
  if (
    text
      .split(/\s+/)
      .slice(1, 3)
      .some((w) => /^\p{Lu}/u.test(w))
  )
    return text;
  if (!capitalisedByPosition(summary, span)) return text;
  // An English noun no dictionary has is a name ("Instagram", "Houzz"): it keeps its capital.
  // (WordNet holds nouns only: "Most" or "From" are no names.)
  const noun = firstTags.has('Noun') && !firstTags.has('Pronoun') && firstTags.size <= 3;
  if (cat.locale === 'en' && noun && /^\p{L}+$/u.test(first) && lemmaOf(first.toLowerCase()) === undefined)
    return text;
  // Nor does a name before a hyphen ("Velux-certified"): one the brief also capitalises
  // mid-sentence ("…, Velux certified since 2012").
  const head = first.split('-')[0] ?? '';
  if (
    first.includes('-') &&
    /^\p{Lu}\p{Ll}+$/u.test(head) &&
    new RegExp(`[\\p{Ll}\\d,;)] ${head}(?![\\p{L}])`, 'u').test(summary)
  )
    return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The reader's voice: a generic subject ("people …") and the third-person pronouns about the
 * audience become "you". When the note has a subject of its own ("every class ends with kids
 * presenting what they built"), a pronoun after a plural noun refers to that noun and stays.
 */
function toReader(
  text: string,
  cat: Catalogue,
  opensWithReader: boolean,
  plural: (before: string) => boolean,
): string {
  // The reply after a spaced dash is the business's voice ("… - the e-bikes make them easy").
  const dash = SPACED_DASH.re.exec(text);
  if (dash && dash.index > 0)
    return toReader(text.slice(0, dash.index), cat, opensWithReader, plural) + text.slice(dash.index);
  const v = cat.voice;
  const generic = new RegExp(`^${v.genericSubjects}(?=\\s)`, 'iu');
  const replacedSubject = generic.test(text);
  const out = text.replace(generic, v.reader);
  const pattern = new RegExp(
    `(?<![\\p{L}'’])(?:${v.pronouns.map(([from]) => escapeRegExp(from)).join('|')})(?![\\p{L}'’])`,
    'giu',
  );
  if (v.pronouns.length === 0) return out;
  // A note that opens with the audience's pronoun ("they're burnt out … agencies that ghost
  // them") is about them throughout.
  const all = replacedSubject || opensWithReader || pattern.exec(out)?.index === 0;
  pattern.lastIndex = 0;
  return out.replace(pattern, (m, offset: number) => {
    if (!all && plural(out.slice(0, offset))) return m;
    const to = v.pronouns.find(([from]) => from.toLowerCase() === m.toLowerCase())?.[1] ?? m;
    return m.charAt(0) === m.charAt(0).toUpperCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to;
  });
}

/**
 * The client told of in the third person ("They're a wedding venue …"), on the business's side
 * of the brief only: an audience note's "they" is the reader (toReader).
 */
function withoutBusinessPronoun(text: string, cat: Catalogue): string {
  if (!cat.voice.businessPronoun) return text;
  const rest = text.replace(new RegExp(`^${cat.voice.businessPronoun}`, 'iu'), '');
  return rest !== text && rest.split(/\s+/).length >= 2 ? rest.charAt(0).toUpperCase() + rest.slice(1) : text;
}

/** Roles that name the reader's worry: a bare topic of one is asked, not stated. */
export const WORRIES = new Set(['pain', 'objection']);

/** Roles whose notes speak about the audience, so their pronouns are the reader's. */
const AUDIENCE_SIDE = new Set(['pain', 'audience_insight', 'objection', 'benefit']);

/**
 * Whether a competitor note names another business: a capitalised word inside it (or after a
 * slash, "Nestly/HomeLoop") that is not a word of this business's name. An ad never names a
 * rival; the comparison stands without the name ("150 guests, versus 2,000+ on the big ocean
 * lines"). Languages that capitalise every noun are read by their slashes only.
 */
function namesARival(text: string, cat: Catalogue, businessName: string): boolean {
  const own = new Set(businessName.toLowerCase().match(/\p{L}+/gu) ?? []);
  const words = [...text.matchAll(/(^|[\s/(])(\p{Lu}[\p{L}'’-]*)/gu)];
  return words.some((m) => {
    const at = m.index ?? 0;
    const [, before = '', word = ''] = m;
    // The first word of a sentence is capitalised by its place, not its name, unless a comma
    // sets it off as the name the note goes on to describe ("Brand X, cheaper but …").
    const named = at === 0 && new RegExp(`^${escapeRegExp(word)}\\s?[,–—-]`, 'u').test(text);
    const opening = !named && (at === 0 || /[.!?:]\s*$/u.test(text.slice(0, at + before.length)));
    if (own.has(word.toLowerCase())) return false;
    if (before === '/' || named) return true;
    return !cat.nounsCapitalised && !opening;
  });
}

/** A note no hook can print: one word ("Meals."), a bare relative clause, positioning talk, a rival's name. */
function unusable(text: string, fact: BriefFact, cat: Catalogue, businessName: string): boolean {
  if (text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length < 2) return true;
  // A bare yes or no ("Ja, gerne", "No, never") answers a question the note does not hold.
  if (BARE_REPLY.test(text)) return true;
  if (new RegExp(`^${cat.voice.relativeUnusable}`, 'iu').test(text)) return true;
  if (new RegExp(cat.voice.positioning, 'iu').test(text)) return true;
  return fact.role === 'competitor' && namesARival(text, cat, businessName);
}

/**
 * A firm or a city a note wrote in lower case ("4.8 on google", "based in sheffield"), written as
 * the name it is: a word the tagger's own lexicon knows alone as one (not "team" of "UK team",
 * nor "ups" of "check-ups"). Countries are left alone: a note's "turkey" or "china" is more
 * often food or plates.
 */
function namesCapitalised(text: string, nlp: Nlp): string {
  const names: Array<{ terms: Array<{ text: string }> }> = nlp(text).match('(#Organization|#City)').json();
  let out = text;
  for (const { text: word } of names.flatMap((m) => m.terms)) {
    if (!/^\p{Ll}+$/u.test(word) || !nlp(word).has('(#Organization|#City)')) continue;
    const alone = new RegExp(`(?<![\\p{L}-])${word}(?![\\p{L}-])`, 'u');
    out = out.replace(alone, `${word.charAt(0).toUpperCase()}${word.slice(1)}`);
  }
  return out;
}

/**
 * A note without the leads an ad would not print before its claim: a rating's platform goes after
 * it ("Google: 4,9 ★ (320 avis)" → "4,9 ★ sur Google (320 avis)"), and a comparison that opens
 * with the rival's name keeps its claim without it, whatever the extraction called the note
 * ("Compared to Brand X, setup takes 15 minutes").
 */
function withoutLeads(note: string, cat: Catalogue, businessName: string): string {
  const rated = PLATFORM_LEAD.exec(note);
  const text = rated ? `${rated[2]} ${cat.voice.ratingOn} ${rated[1]}${rated[3]}` : note;
  const lead = new RegExp(`^${cat.voice.rivalLead}`, 'iu').exec(text)?.[0];
  if (!lead || !namesARival(lead, cat, businessName)) return text;
  const rest = text.slice(lead.length);
  return rest.split(/\s+/).length >= 3 ? rest : text;
}

/**
 * The reader-question form of a note about the audience (the catalogue's `readerQuestion`): "you
 * haven't checked …" → "haven't checked …", asked; undefined when it has none. Such a note has
 * no subject of its own to need, and is no clause of its own: it is asked whole.
 */
function askedOfReader(text: string, role: string, cat: Catalogue): string | undefined {
  const pattern = cat.voice.readerQuestion;
  // (A benefit told to the reader, "you don't have to pay the bill first", is the business's claim.)
  if (!pattern || !(WORRIES.has(role) || role === 'audience_insight')) return undefined;
  const re = new RegExp(pattern, 'iu');
  return re.test(text) ? text.replace(re, '') : undefined;
}

export function factForm(
  fact: BriefFact,
  cat: Catalogue,
  summary: string,
  nlp: Nlp | undefined,
  businessName = '',
): FactForm {
  // A table row's cells read as a label and its claim ("Notdienst | 24/7" → "Notdienst: 24/7").
  let text = expandShorthand(fact.text.trim(), cat)
    .replace(/\s\|\s/gu, ': ')
    .replace(/[.;,:]+$/u, '');
  if (nlp) text = namesCapitalised(text, nlp);
  const base = {
    id: fact.id,
    role: fact.role,
    needsSubject: false,
    addressed: false,
    bareSingular: false,
    clause: false,
  };
  text = withoutLeads(text, cat, businessName);
  if (unusable(text, fact, cat, businessName))
    return { ...base, fragment: text, askable: false, unusable: true };
  const relative = new RegExp(`^${cat.voice.relativeStrip}`, 'iu');
  /** Drops the relative word the note opens with ("who …", "que …"); whether there was one. */
  const stripRelative = () => {
    if (!relative.test(text)) return false;
    text = text.replace(relative, '');
    return true;
  };
  // A worry's "que …" is what is feared ("que el banco diga que no"), not a relative clause: the
  // feeling patterns below ask it first; only what none of them reads is stripped after.
  const worry = WORRIES.has(fact.role);
  let wasRelative = !worry && stripRelative();
  text = text.replace(new RegExp(`^${cat.voice.leadingConnective}\\s+`, 'iu'), '');
  // Frames nest ("our research says the biggest frustration is …"): each is dropped in turn.
  const frames = [
    cat.voice.reportingFrame,
    ...(AUDIENCE_SIDE.has(fact.role) ? [cat.voice.audienceSays] : []),
  ];
  for (let again = true; again; ) {
    again = false;
    for (const frame of frames) {
      // A frame may keep part of what it matched (French "Pour Pâques, on met en avant …").
      const reported = text.replace(new RegExp(`^${frame}`, 'iu'), (...m) => m.at(-1)?.keep ?? '');
      if (reported !== text && reported.split(/\s+/).length >= 2) {
        text = reported;
        again = true;
      }
    }
  }
  // A frame may leave its clause's "que" ("Lo que más valoran los clientes: que limpiamos todo").
  if (!worry) stripRelative();
  if (!AUDIENCE_SIDE.has(fact.role)) text = withoutBusinessPronoun(text, cat);
  // "ils ont peur de …": the feeling is the worry a hook asks (not when the note answers it
  // itself after a dash or a colon: "worry about the hills - the e-bikes make them easy").
  if (worry && !SPACED_DASH.re.test(text) && !/[;:]/u.test(text))
    for (const { pattern, replace } of cat.voice.feeling ?? [])
      text = text.replace(new RegExp(pattern, 'iu'), replace);
  if (worry && stripRelative()) wasRelative = true;
  if (cat.voice.inversion) {
    const { pattern, replace } = cat.voice.inversion;
    const re = new RegExp(pattern, 'u');
    if (re.test(text)) {
      text = text.replace(re, replace);
      text = text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  const doc = nlp?.(text);
  const first = doc?.terms().json()[0]?.terms?.[0] as { tags?: string[]; normal?: string } | undefined;
  const tags = new Set(first?.tags ?? []);
  const opensWithVerb =
    wasRelative ||
    (!tags.has('Noun') && ['Verb', 'Adjective', 'Adverb', 'Negative'].some((t) => tags.has(t)));
  // One parse per fact: the plural nouns of the note, looked up by position when a pronoun is met.
  const plurals: string[] = doc
    ? (doc.match('#Plural').out('array') as string[]).map((w) => w.toLowerCase())
    : [];
  const plural = (before: string) => plurals.some((w) => before.toLowerCase().includes(w));
  if (AUDIENCE_SIDE.has(fact.role)) text = toReader(text, cat, opensWithVerb, plural);
  const askedText = askedOfReader(text, fact.role, cat);
  const asked = askedText !== undefined;
  text = askedText ?? text;
  text = firstLetterCase(text, cat, summary, fact.span, tags);
  const shape = nlp && doc ? shapeOf(text, doc, tags, first?.normal ?? '', fact.role, cat) : NO_SHAPE;
  const { bareSingular, shortNounPhrase } = shape;
  const needsSubject = shape.needsSubject && !asked;
  const subjectFirst =
    cat.voice.clauseSubjects && new RegExp(`^${cat.voice.clauseSubjects}\\s`, 'iu').test(text);
  // The business speaking anywhere in it ("most of our installs are …") makes it a statement of
  // its own, said and never asked.
  const ownVoice = new RegExp(`(?<![\\p{L}])${cat.firstPerson.opening}`, 'iu').test(text);
  const clause = !asked && (shape.clause || Boolean(subjectFirst) || ownVoice);
  const addressed = new RegExp(`^${cat.voice.reader}\\s`, 'iu').test(text);
  const askable = asked || (!addressed && !needsSubject && !clause && (opensWithVerb || shortNounPhrase));
  // A worry the question frame would ask (not a clause of its own) is never stated.
  // A customer's own words in quotes ("'Mom doesn't want a stranger in the house.'") are theirs to say.
  const quoted = /^["'“‘«„]/u.test(text);
  const askOnly = asked || (worry && !addressed && !needsSubject && !clause && !quoted);
  return {
    ...base,
    fragment: text,
    needsSubject,
    addressed,
    bareSingular,
    clause,
    askable,
    unusable: false,
    ...(askOnly ? { askOnly } : {}),
    ...(!WORRIES.has(fact.role) && new RegExp(cat.voice.pointsBack, 'iu').test(text)
      ? { repliesOnly: true }
      : {}),
  };
}

type Shape = { needsSubject: boolean; bareSingular: boolean; clause: boolean; shortNounPhrase: boolean };
const NO_SHAPE: Shape = { needsSubject: false, bareSingular: false, clause: false, shortNounPhrase: false };

/** What the English tagger says of a note's shape: which frames can take it. */
function shapeOf(
  text: string,
  doc: ReturnType<Nlp>,
  tags: ReadonlySet<string>,
  firstWord: string,
  role: string,
  cat: Catalogue,
): Shape {
  // A worry never takes the business as its subject ("quotes that balloon" is no "Acme quotes …").
  // Nor does a note whose subject is the audience ("Customers close their books …"), which the
  // tagger can read as a verb.
  const needsSubject =
    !WORRIES.has(role) &&
    !new RegExp(`^${cat.voice.genericSubjects}\\s`, 'iu').test(text) &&
    tags.has('PresentTense') &&
    !tags.has('Infinitive') &&
    /s$/.test(firstWord) &&
    !tags.has('Noun') &&
    // "Guides are ACA-certified", "Sweeps from £65": a word a copula, an auxiliary or a price
    // follows is a plural noun the tagger read as a verb.
    !doc.has('^. (#Copula|#Auxiliary|#Modal)') &&
    !/^\S+ (?:from|at|for) [£$€\d]/u.test(text);
  const words = text.split(/\s+/);
  // (A head in "-ing", "-ware" or "-wear" is as often a mass as one thing, "packaging",
  // "tableware": such a note is stated as written, never given an article.)
  const bareSingular =
    words.length <= 4 &&
    !MASS_ENDING.re.test(words.at(-1) ?? '') &&
    !/ing$/iu.test(words.at(-1) ?? '') &&
    doc.has('^#Adjective? #Adjective? #Singular$') &&
    !doc.has('^(#Determiner|#Possessive|#Value|#ProperNoun)') &&
    !/\d/.test(text);
  // A pronoun with a verb, or a noun phrase with a finite "is / can / won't" ("termite damage
  // isn't covered"); not a gerund after a noun the tagger misread ("hate being on camera"), nor
  // a feeling before its object ("worried online degrees are seen as …").
  // (The tagger's `#Adjective*` matches nothing: a count range does.)
  const clause =
    doc.has('^#Pronoun (#Copula|#Auxiliary|#Modal|#Negative|#PresentTense)') ||
    ((doc.has('^(#Determiner|#Possessive) #Adjective{0,3} #Noun+ (#Copula|#Auxiliary|#Modal|#Negative)') ||
      doc.has('^#Noun+ (#Copula|#Auxiliary|#Modal|#Negative)')) &&
      !doc.has('^#Noun #Gerund'));
  const shortNounPhrase = words.length <= 4 && !doc.has('#Verb');
  return { needsSubject, bareSingular, clause, shortNounPhrase };
}

/** The text with its first letter in capitals, inside an opening quotation mark too ("'No sé …'"). */
export const capFirst = (t: string) =>
  t.replace(/^(["'“‘«„¿¡\s]*)(\p{L})/u, (_, open: string, letter: string) => open + letter.toUpperCase());
