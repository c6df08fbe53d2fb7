import type { Brief, BriefFields } from '../../brief/schema.ts';
import type { Archetype } from '../plan/archetypes.ts';
import { DANGLING } from '../policy/policy-data.ts';
import type { Catalogue } from './catalogue.ts';
import { capFirst, type FactForm, WORRIES } from './forms.ts';
import { message, withIndefinite } from './messages.ts';

/** What the realiser needs of the brief. */
export type BriefContext = Pick<BriefFields, 'business_name' | 'audience' | 'subject' | 'language'> &
  Partial<Pick<Brief, 'research_summary'>>;

/** Whether a text already ends a sentence: a stop, also inside a closing quotation mark (“…slate.”). */
export const endsSentence = (t: string) => /[.!?…]\s?["'”’»“]?$/u.test(t);

/** The fact as a sentence of its own, in the reader's voice. */
export function sentence(form: FactForm, cat: Catalogue, brief: BriefContext): string {
  if (form.needsSubject)
    return message(cat, 'hook.subject', { business: brief.business_name, lead: form.fragment });
  if (form.bareSingular && cat.locale === 'en')
    return message(cat, 'hook.youGet', {
      business: brief.business_name,
      lead: withIndefinite(form.fragment),
    });
  const s = capFirst(form.fragment);
  return endsSentence(s) ? s : `${s}${cat.stop}`;
}

/** Lower-cases the first word only when the brief also writes it in lower case (never a name such as a city). */
const lowerFirst = (s: string, cat: Catalogue, summary = '') => {
  const first = s.split(/\s/)[0] ?? '';
  if (cat.nounsCapitalised || first === first.toLowerCase() || /\p{Lu}/u.test(first.slice(1))) return s;
  const lower = first.toLowerCase();
  return new RegExp(`(?<![\\p{L}])${lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(
    summary,
  )
    ? lower + s.slice(first.length)
    : s;
};

/**
 * A claim after "Acme:" goes on the sentence, in lower case: a function word always ("Acme: más
 * de 1.200 baños", not "Más"), another word when the brief writes it so too. German, whose nouns
 * keep their capital, is left as written.
 */
function afterColon(fragment: string, cat: Catalogue, summary: string): string {
  if (cat.nounsCapitalised) return fragment;
  const first = fragment.split(/\s/u)[0] ?? '';
  const lower = first.toLowerCase();
  const functionWord = [...(DANGLING[cat.locale.slice(0, 2)] ?? []), ...cat.topicStopwords].includes(lower);
  if (functionWord && /^\p{Lu}\P{Lu}*$/u.test(first)) return lower + fragment.slice(first.length);
  return lowerFirst(fragment, cat, summary);
}

/**
 * A frame's stop after a fact that already ends one ("…?'?", "…”.", "etc.."): the fact's own
 * punctuation stands, the frame's is dropped (French puts a space before "?").
 */
// French closes a quotation after a space ("… ! »"): that space is part of the stop.
// German closes one with "“" („…“).
const DOUBLE_STOP = /([.!?…]\s?["'”’»“]?)\s?[.?](?=\s|$)/gu;
const tidyStops = (s: string) => s.replace(DOUBLE_STOP, '$1');

/** A spaced hyphen, a note-taker's dash, printed as the dash it stands for ("ours isn't – no dress code"). */
const dashes = (s: string) => s.replace(/(?<=\S) - (?=\S)/gu, ' – ');

const bare = (s: string) => s.replace(/[.!?]+$/u, '');

/**
 * An audience written as a note ("25-40 locals + beer tourists", "FTBs/remortgages"): no reader
 * is called that, so no callout names them.
 */
const NOTE_AUDIENCE = /[+=/]|^\d/u;

/**
 * An audience with the reader's own age or the company's size ("professionals 25-40 who …",
 * "propietarios de 50 a 75 años", "companies with 50-500 staff"): targeting for the ad platform,
 * not words to a reader. A children's age ("parents of kids 5-12") says whom the offer fits.
 */
function targeted(audience: string, cat: Catalogue): boolean {
  const at = audience.search(/\d/u);
  if (at < 0) return false;
  const before = audience.slice(0, at).toLowerCase();
  return !cat.childWords.some((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'u').test(before));
}

/**
 * A fact that opens with a few words and a colon of its own ("Google: 4.8 stars", "Taux de
 * réussite au premier passage : 78 %"): after "Acme:" it would read as two labels.
 */
const OWN_LEAD = /^[\p{L}][\p{L}'’ -]{0,40}\s?:\s/u;

/** Whether `text` opens with `name`, as a word (any case). */
const opensWith = (text: string, name: string) => {
  // (After an article or an elided one: "L'Auberge du Lac est …" for "Auberge du Lac".)
  const own = text.replace(/^(?:the|la|le|el|les|los|las|die|der|das|l['’])\s?/iu, '');
  return [text, own].some(
    (t) =>
      !!name && t.toLowerCase().startsWith(name.toLowerCase()) && !/^[\p{L}\d]/u.test(t.slice(name.length)),
  );
};

/** A fact that is a quotation, opening with its mark. */
const QUOTATION = /^["“«„]/u;

/** Whether the hook asks the fragment ("The claims process?", "Trop de choix ?"). */
function asked(hook: string, fragment: string): boolean {
  // A worry that is already a question ("Do I need a new fuse board?") is asked wherever it stands.
  if (/\?["'”’»]?$/u.test(fragment)) return hook.includes(fragment);
  const at = hook.toLowerCase().indexOf(fragment.toLowerCase());
  return at >= 0 && /^\s?\?/u.test(hook.slice(at + fragment.length));
}

/** A realised hook and the facts it prints. */
export type Realised = { hook: string; facts: FactForm[] };

/** An archetype's hook from its lead fact (and the fact that backs it), or undefined when the frame cannot take them. */
export function realiseHook(
  archetype: Archetype,
  lead: FactForm,
  support: FactForm | undefined,
  cat: Catalogue,
  brief: BriefContext,
): Realised | undefined {
  // A support is printed as a sentence of its own: a bare worry ("The claims process.") is none.
  if (support?.askOnly) return undefined;
  // A reply that points back ("… helps there") only answers a worry before it.
  if (lead.repliesOnly || (support?.repliesOnly && !WORRIES.has(lead.role))) return undefined;
  const raw = hookText(archetype, lead, support, cat, brief);
  if (!raw) return undefined;
  const hook = tidyStops(raw);
  if (lead.askOnly && !asked(hook, lead.fragment)) return undefined;
  const usesSupport = support !== undefined && hook.includes(bare(sentence(support, cat, brief)));
  return { hook: dashes(hook), facts: usesSupport && support ? [lead, support] : [lead] };
}

function hookText(
  archetype: Archetype,
  lead: FactForm,
  support: FactForm | undefined,
  cat: Catalogue,
  brief: BriefContext,
): string | undefined {
  if (lead.unusable || support?.unusable) return undefined;
  const second = support ? sentence(support, cat, brief) : '';
  // A quoted belief is asked as one, whichever frame: "Think golf clubs are stuffy? Ours isn't."
  const belief = WORRIES.has(lead.role) ? beliefOf(lead.fragment, cat) : undefined;
  if (belief?.reply) {
    const reply = capFirst(belief.reply);
    return message(cat, 'hook.belief', {
      belief: belief.belief,
      support: endsSentence(reply) ? reply : `${reply}${cat.stop}`,
    });
  }
  if (belief && support) return message(cat, 'hook.belief', { belief: belief.belief, support: second });
  switch (archetype.frame) {
    case 'question': {
      if (!support) return undefined;
      // A worry quoted in the reader's own words is said, never asked ("„…“?").
      if (lead.addressed || lead.needsSubject || lead.clause || QUOTATION.test(lead.fragment))
        return message(cat, 'hook.pair', { lead: bare(sentence(lead, cat, brief)), support: second });
      return message(cat, 'hook.question', { lead: capFirst(lead.fragment), support: second });
    }
    case 'business': {
      // A quotation is a customer's words: after "Acme:" it would read as the business's own;
      // and a note with a lead of its own ("Google: 4.8 stars") would read "Acme: Google: …".
      // A fact that already opens with the business's name says it once ("Acme cares for …").
      if (
        lead.needsSubject ||
        lead.addressed ||
        QUOTATION.test(lead.fragment) ||
        OWN_LEAD.test(lead.fragment) ||
        opensWith(lead.fragment, brief.business_name)
      )
        return sentence(lead, cat, brief);
      // "We're rated …" is told by the business's name ("Acme is rated …"), never after "Acme:".
      for (const [opening, rest] of cat.firstPerson.named) {
        const m = new RegExp(`^${opening}`, 'iu').exec(lead.fragment);
        if (m)
          return message(cat, 'hook.subject', {
            business: brief.business_name,
            lead: bare(`${rest}${lead.fragment.slice(m[0].length)}`),
          });
      }
      if (new RegExp(`^${cat.firstPerson.opening}`, 'iu').test(lead.fragment)) return undefined;
      return message(cat, 'hook.business', {
        business: brief.business_name,
        lead: bare(afterColon(lead.fragment, cat, brief.research_summary ?? '')),
      });
    }
    case 'callout': {
      if (lead.askable && lead.role === 'audience_insight' && support)
        return message(cat, 'hook.question', { lead: capFirst(lead.fragment), support: second });
      const audience = lowerFirst(brief.audience.trim(), cat, brief.research_summary);
      if (
        !audience ||
        [...audience].length > 50 ||
        lead.addressed ||
        NOTE_AUDIENCE.test(audience) ||
        targeted(audience, cat)
      )
        return sentence(lead, cat, brief);
      const fragment = lead.needsSubject
        ? bare(sentence(lead, cat, brief))
        : bare(afterColon(lead.fragment, cat, brief.research_summary ?? ''));
      return message(cat, 'hook.callout', { audience, lead: fragment });
    }
    case 'pair': {
      // An objection a reader would voice ("more screen time", "worried …") is asked, then answered.
      if (archetype.id === 'objection' && support && (lead.askable || askableUntagged(lead, cat)))
        return message(cat, 'hook.question', { lead: capFirst(lead.fragment), support: second });
      return support
        ? message(cat, 'hook.pair', { lead: bare(sentence(lead, cat, brief)), support: second })
        : sentence(lead, cat, brief);
    }
    case 'offer':
      return support
        ? message(cat, 'hook.pair', { lead: bare(sentence(lead, cat, brief)), support: second })
        : sentence(lead, cat, brief);
    default:
      return sentence(lead, cat, brief);
  }
}

/**
 * A quoted belief, not an utterance: no stop of its own, and no capital but its first letter's
 * ("'golf clubs are stuffy'", '"Shutters are too expensive"'); the reply after a dash may follow.
 */
const QUOTED_BELIEF = /^["'“‘«„](\p{L}\p{Ll}[^"“”«»„.?!]{1,80})["'”’»“](?:\s[—–-]\s(\p{L}.{2,}))?$/u;

/**
 * What a quoted belief says, in the reader's person ("'we're too small to be a target'" → "you're
 * too small to be a target"), and the reply its own note gives after a dash; undefined where the
 * catalogue cannot turn the person (the quote is printed as written).
 */
function beliefOf(fragment: string, cat: Catalogue): { belief: string; reply?: string } | undefined {
  const m = QUOTED_BELIEF.exec(fragment);
  if (!m?.[1] || !cat.readerVoice) return undefined;
  let said = m[1].charAt(0).toLowerCase() + m[1].slice(1);
  for (const [from, to] of cat.readerVoice)
    said = said.replace(new RegExp(`(?<![\\p{L}'’])${from}(?![\\p{L}'’])`, 'gu'), to);
  return m[2] ? { belief: said, reply: m[2] } : { belief: said };
}

/**
 * A worry that is asked, never stated: as the tagger read it, or, in a language no NLP library
 * reads, one that opens as such a worry can.
 */
const askableUntagged = (lead: FactForm, cat: Catalogue) =>
  !!lead.askOnly &&
  (!cat.voice.askableOpening || new RegExp(cat.voice.askableOpening, 'iu').test(lead.fragment));

/** A short topic for an angle's name: the lead's first clause, at most six words, never ending on a connective. */
export function topicOf(form: FactForm, dangling: readonly string[]): string {
  const clause =
    bare(form.fragment)
      .split(/[,;:]\s|[()–—]/u)[0]
      ?.trim() ?? form.fragment;
  const words = clause.split(/\s+/).slice(0, 6);
  while (words.length > 1 && dangling.includes((words.at(-1) ?? '').toLowerCase())) words.pop();
  return words.join(' ');
}
