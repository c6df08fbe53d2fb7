import { shorterRewrites } from './angles.ts';
import { type Category, categorise, DANGLING, tidyEnd } from './brief-facts.ts';
import { containsBannedWord } from './copy-rules.ts';
import { type CopyLimits, PLATFORM_LIMITS } from './platform-limits.ts';
import type { CopyPlatform, CopyVariant } from './types.ts';

/**
 * Ad copy by choosing, never by cutting: every field is the first of an ordered list of
 * complete phrasings that fits the placement's limit and passes the rules (no banned word, no
 * internal campaign name). Shorter candidates are rewrites that drop whole modifiers.
 */

export type CopyRules = { banned: readonly string[]; campaignName: string };

const len = (t: string) => [...t].length;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The campaign name is internal: neither it nor its underscore/dash-separated form may appear. */
export function containsCampaignName(text: string, campaignName: string): boolean {
  const name = campaignName.trim();
  if (name.length < 3) return false;
  const spaced = name.replace(/[_-]+/g, ' ');
  return [name, spaced].some((n) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'iu').test(text),
  );
}

/** One rule set for every string the service writes. */
export function passesRules(text: string, rules: CopyRules): boolean {
  return (
    text.trim() !== '' &&
    !containsBannedWord(text, rules.banned) &&
    !containsCampaignName(text, rules.campaignName) &&
    !/…|\.\.\.|\{|\}|\bundefined\b|\bnull\b|lorem ipsum|untitled campaign/i.test(text)
  );
}

/** Whether a phrase reads as cut: ends on a connective, article, preposition or a bare sign. */
export function endsMidPhrase(text: string): boolean {
  const last = (text.trim().split(/\s+/).at(-1) ?? '').replace(/[.!?,;:]+$/, '').toLowerCase();
  return DANGLING.has(last) || /[,;:—–-]$|[$£€]$/.test(text.trim()) || /\d,$/.test(text.trim());
}

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The first candidate that fits and passes the rules, else undefined. */
export function choose(candidates: readonly string[], max: number, rules: CopyRules): string | undefined {
  for (const c of candidates) {
    const t = c.trim().replace(/\s{2,}/g, ' ');
    if (t && len(t) <= max && passesRules(t, rules) && !endsMidPhrase(t)) return t;
  }
  return undefined;
}

const unique = (list: readonly (string | undefined)[]) => [
  ...new Set(list.map((s) => s?.trim()).filter((s): s is string => Boolean(s))),
];

/** An offer as a sentence ("First bag free" → "First bag free."). */
const asSentence = (t: string) => (t && !/[.!?]$/.test(t.trim()) ? `${t.trim()}.` : t.trim());

export type CopySource = {
  /** The angle's hook and name, or (without an angle) the best line we have. */
  hook?: string;
  name?: string;
  offer: string;
  tagline: string;
  brandName: string;
};

/** Headline candidates: hook sentences, the angle name, shorter rewrites, then brand lines. */
export function headlineCandidates(src: CopySource): string[] {
  const [first, ...rest] = src.hook ? sentencesOf(src.hook) : [];
  // A later sentence of the hook reads out of context on its own ("See why …"), so it comes
  // after the first sentence's rewrites and the angle's name.
  return unique([
    ...(rest.length > 0 ? [src.hook] : []),
    first,
    src.name,
    ...(first ? shorterRewrites(first) : []),
    ...rest,
    ...rest.flatMap((s) => shorterRewrites(s)),
    src.offer,
    src.tagline,
    src.brandName,
  ]);
}

/** Body candidates: the hook with the offer and tagline, then with less, longest first. */
export function bodyCandidates(src: CopySource): string[] {
  const hook = src.hook?.trim() ?? '';
  const sentences = sentencesOf(hook);
  const first = sentences[0] ?? '';
  const offer = asSentence(src.offer);
  const tagline = asSentence(src.tagline);
  return unique([
    [hook, offer, tagline].filter(Boolean).join(' '),
    [hook, offer].filter(Boolean).join(' '),
    [hook, tagline].filter(Boolean).join(' '),
    hook,
    [first, offer].filter(Boolean).join(' '),
    first,
    ...sentences.slice(1),
    ...shorterRewrites(first),
    src.name ? asSentence(src.name) : undefined,
    [offer, tagline].filter(Boolean).join(' '),
    offer,
    tagline,
  ]);
}

function descriptionCandidates(src: CopySource): string[] {
  return unique([src.offer, src.tagline, src.name, src.brandName]);
}

// ---------- CTA ----------

const CTA_TAIL = /\s+(?:today|now|here|online|instantly)$/i;

/**
 * Complete shorter forms of a CTA, longest first: trailing "today/now" dropped, a trailing
 * prepositional phrase dropped, then modifiers between the verb and the head noun dropped.
 * Each keeps the verb and the head noun, so it stays at least two words and complete.
 */
export function shortenCta(cta: string): string[] {
  const base = cta.trim().replace(/[.!]+$/, '');
  const forms = new Set<string>();
  let core = base;
  if (CTA_TAIL.test(core)) {
    core = core.replace(CTA_TAIL, '');
    forms.add(core);
  }
  const pp = / (?:for|to|with|in|on|at|from|of) /i.exec(core);
  if (pp) {
    core = core.slice(0, pp.index);
    forms.add(core);
  }
  const words = core.split(' ');
  if (words.length >= 3) {
    const verb = words[0] ?? '';
    const head = words.at(-1) ?? '';
    const middle = words.slice(1, -1);
    // Every subsequence of the modifiers, keeping their order.
    const subsets: string[][] = [];
    for (let mask = (1 << middle.length) - 2; mask >= 0; mask--) {
      subsets.push(middle.filter((_, i) => mask & (1 << (middle.length - 1 - i))));
    }
    subsets.sort((a, b) => b.join(' ').length - a.join(' ').length);
    for (const s of subsets) {
      // An article or possessive alone before the noun is fine; a bare number is not.
      if (s.some((w) => /^\d/.test(w) && !/-/.test(w))) continue;
      forms.add([verb, ...s, head].join(' '));
    }
  }
  return [...forms].filter((f) => f.split(' ').length >= 2 && f !== base);
}

const DEFAULT_CTA: Record<Category, string> = {
  dtc_ecommerce: 'Shop now',
  b2b_saas: 'Learn more',
  local_service: 'Book now',
  health_medical: 'Book now',
  finance_insurance: 'Learn more',
  travel_hospitality: 'Book now',
  education_app: 'Sign up',
  consumer_app: 'Sign up',
};

/** The default CTA by category; a trial only when the brief offers one, a quote when it mentions quotes. */
export function defaultCta(category: Category, context: string): string {
  if (
    /\b(?:free trial|try (?:it )?free|\d+ days free)\b/i.test(context) &&
    ['b2b_saas', 'consumer_app', 'education_app'].includes(category)
  )
    return 'Start free trial';
  if (category === 'finance_insurance' && /\bquotes?\b/i.test(context)) return 'Get a quote';
  return DEFAULT_CTA[category];
}

export type CtaType = string;

/** Meta's call-to-action enum: the Meta placements, Google display and the general fallback use it. */
const META_BUTTONS = [
  'SHOP_NOW',
  'BOOK_NOW',
  'SIGN_UP',
  'GET_QUOTE',
  'LEARN_MORE',
  'SUBSCRIBE',
  'DOWNLOAD',
  'CONTACT_US',
  'APPLY_NOW',
  'GET_OFFER',
  'ORDER_NOW',
] as const;

/** Button enums per network (the values their ads APIs accept). */
export const CTA_TYPES: Record<CopyPlatform, readonly string[]> = {
  meta_feed: META_BUTTONS,
  meta_stories: META_BUTTONS,
  instagram_reels: META_BUTTONS,
  google_display: META_BUTTONS,
  tiktok: [
    'SHOP_NOW',
    'BOOK_NOW',
    'SIGN_UP',
    'GET_QUOTE',
    'LEARN_MORE',
    'SUBSCRIBE',
    'DOWNLOAD_NOW',
    'CONTACT_US',
    'APPLY_NOW',
    'ORDER_NOW',
  ],
  linkedin: [
    'LEARN_MORE',
    'SIGN_UP',
    'REGISTER',
    'SUBSCRIBE',
    'DOWNLOAD',
    'APPLY',
    'VIEW_QUOTE',
    'REQUEST_DEMO',
    'JOIN',
  ],
  pinterest: ['SHOP_NOW', 'BOOK_NOW', 'SIGN_UP', 'LEARN_MORE', 'GET_OFFER'],
  x: ['SHOP', 'BOOK', 'SIGN_UP', 'LEARN_MORE', 'SUBSCRIBE', 'INSTALL', 'GET_QUOTE', 'ORDER'],
  general: META_BUTTONS,
};

const INTENTS: [RegExp, string[]][] = [
  [
    /\b(?:book|reserve|visit|appointment|test ride|buchen|reserva|réserve)/i,
    ['BOOK_NOW', 'BOOK', 'REGISTER', 'LEARN_MORE'],
  ],
  [/\b(?:quote|presupuesto|angebot|devis)/i, ['GET_QUOTE', 'VIEW_QUOTE', 'LEARN_MORE']],
  [/\b(?:shop|buy|order|kaufen|compra|achete)/i, ['SHOP_NOW', 'SHOP', 'ORDER_NOW', 'ORDER', 'LEARN_MORE']],
  [/\b(?:claim|offer|deal)/i, ['GET_OFFER', 'SHOP_NOW', 'SHOP', 'LEARN_MORE']],
  [
    /\b(?:trial|sign up|join|start|get started|register|lesson|try)/i,
    ['SIGN_UP', 'REGISTER', 'JOIN', 'LEARN_MORE'],
  ],
  [/\b(?:download|install|get the app)/i, ['DOWNLOAD', 'DOWNLOAD_NOW', 'INSTALL', 'LEARN_MORE']],
  [/\b(?:subscribe)/i, ['SUBSCRIBE', 'SIGN_UP', 'LEARN_MORE']],
  [/\b(?:contact|call)/i, ['CONTACT_US', 'LEARN_MORE']],
  [/\b(?:apply)/i, ['APPLY_NOW', 'APPLY', 'LEARN_MORE']],
];

/** The network's button for a CTA label: the first enum value of the label's intent the network has. */
export function ctaType(cta: string, platform: CopyPlatform): string {
  const allowed = CTA_TYPES[platform];
  for (const [re, prefs] of INTENTS) {
    if (!re.test(cta)) continue;
    const hit = prefs.find((p) => allowed.includes(p));
    if (hit) return hit;
  }
  return 'LEARN_MORE';
}

export type CtaChoice = { cta: string; warning?: string };

/** The campaign's CTA verbatim when it fits; else its longest complete shortening (≥ 2 words); else the default. */
export function chooseCta(input: {
  ctaText: string;
  platform: CopyPlatform;
  category: Category;
  context: string;
  rules: CopyRules;
}): CtaChoice {
  const max = PLATFORM_LIMITS[input.platform].cta;
  const given = input.ctaText.trim();
  const fallback =
    choose([defaultCta(input.category, input.context), 'Learn more'], max, input.rules) ?? 'Learn more';
  if (!given) return { cta: fallback };
  if (len(given) <= max && passesRules(given, input.rules)) return { cta: given };
  const short = choose(shortenCta(given), max, input.rules);
  if (short)
    return {
      cta: short,
      warning: `The CTA "${given}" is longer than the ${max}-character button on ${input.platform}; it was shortened to "${short}".`,
    };
  return {
    cta: fallback,
    warning: `The CTA "${given}" does not fit the ${max}-character button on ${input.platform} or breaks a copy rule; "${fallback}" is used instead.`,
  };
}

export type WrittenVariant = CopyVariant & { cta_type: string; language: string };

/** One copy variant for an angle (or none) and a platform, every field chosen from candidates. */
export function writeVariant(input: {
  angleId: string | null;
  platform: CopyPlatform;
  source: CopySource;
  cta: string;
  language: string;
  rules: CopyRules;
}): { variant: WrittenVariant; warnings: string[] } {
  const limits: CopyLimits = PLATFORM_LIMITS[input.platform];
  const warnings: string[] = [];
  const pick = (field: keyof Omit<CopyLimits, 'cta'>, candidates: string[]) => {
    const chosen = choose(candidates, limits[field], input.rules);
    if (chosen) return chosen;
    warnings.push(
      `No ${field.replace('_', ' ')} candidate fits ${input.platform} (${limits[field]} characters) within the copy rules; the brand name is used.`,
    );
    return choose([input.source.brandName], limits[field], { ...input.rules, campaignName: '' }) ?? '';
  };
  const variant: WrittenVariant = {
    angle_id: input.angleId,
    platform: input.platform,
    headline: pick('headline', headlineCandidates(input.source)),
    primary_text: pick('primary_text', bodyCandidates(input.source)),
    description: pick('description', descriptionCandidates(input.source)),
    cta: input.cta,
    cta_type: ctaType(input.cta, input.platform),
    language: input.language,
  };
  return { variant, warnings };
}

/**
 * Category from what we have about the client: the line that says what it is (an angle that
 * introduces the product) first, then everything else (angles, tagline, offer).
 */
export function categoryOf(text: string, definingLine = ''): Category {
  return categorise(definingLine, text);
}

export { tidyEnd };
