import type { Catalogue, CtaIntent } from './realise/catalogue.ts';
import type { CopyPlatform } from './types.ts';

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
  'DONATE_NOW',
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

/** Buttons per intent, best first: a network takes the first it has. */
const BUTTONS: Record<CtaIntent, readonly string[]> = {
  book: ['BOOK_NOW', 'BOOK', 'REGISTER', 'LEARN_MORE'],
  quote: ['GET_QUOTE', 'VIEW_QUOTE', 'LEARN_MORE'],
  shop: ['SHOP_NOW', 'SHOP', 'ORDER_NOW', 'ORDER', 'LEARN_MORE'],
  join: ['SIGN_UP', 'SUBSCRIBE', 'JOIN', 'REGISTER', 'LEARN_MORE'],
  apply: ['APPLY_NOW', 'APPLY', 'LEARN_MORE'],
  contact: ['CONTACT_US', 'LEARN_MORE'],
  learn: ['LEARN_MORE'],
  donate: ['DONATE_NOW', 'LEARN_MORE'],
};

/**
 * The intent of a CTA label, as pattern data over the four languages (stems, so "Book", "Reserva",
 * "buchen" and "Réserver" all read as booking). Examples: test/unit/ad-copy.test.ts.
 */
const INTENT_PATTERNS: readonly [CtaIntent, RegExp][] = [
  ['quote', /\b(?:quote|estimate|rate card|presupuesto|cotiza|tarifa|angebot|devis)/iu],
  [
    'book',
    /\b(?:book|reserve|rsvp|check your date|appointment|reserva|cita|buchen|réserv|rendez-vous)|termin/iu,
  ],
  ['donate', /\b(?:give|donat|spend|dona|don\b|faire un don)/iu],
  ['apply', /\b(?:apply|solicit|bewerb|postul)/iu],
  ['shop', /\b(?:shop|buy|order|preorder|compra|kauf|bestell|achet|command)/iu],
  [
    'join',
    /(?<![\p{L}\d_])(?:join|sign up|subscribe|register|become|start|únete|suscri|inscri|abonn|beitreten|anmeld|registr)/iu,
  ],
  [
    'contact',
    /\b(?:contact|call|talk|enquir|inquir|llama|habla|kontakt|anruf|anfrag|appel|contactez|renseign)/iu,
  ],
];

export function ctaIntent(label: string): CtaIntent {
  return INTENT_PATTERNS.find(([, re]) => re.test(label))?.[0] ?? 'learn';
}

/** The network's button for a CTA label: the first button of the label's intent the network has. */
export function ctaType(label: string, platform: CopyPlatform): string {
  const allowed = CTA_TYPES[platform];
  return BUTTONS[ctaIntent(label)].find((b) => allowed.includes(b)) ?? 'LEARN_MORE';
}

/** The default intent of a business by its category's vertical (docs/taxonomy.md); learn when unknown. */
const INTENT_OF_VERTICAL: readonly [RegExp, CtaIntent][] = [
  // Sub-verticals whose customers join or book where their vertical sells: a golf club is no
  // sports shop, a caterer quotes.
  [
    /> (?:golf club|gym and fitness club|yoga and pilates studio|climbing and bouldering|sports coaching and clubs|museum membership|co-working space|fitness apps)\b/i,
    'join',
  ],
  [
    /> (?:swimming lessons|surf and watersports school|rowing and paddling|kayaking and canoeing|restaurant|pizzeria|venue hire)\b/i,
    'book',
  ],
  [/> (?:catering|event planning|meal kits)\b/i, 'quote'],
  [/^(?:home services|home security|home energy)\b/i, 'quote'],
  [/^financial services\b/i, 'quote'],
  [/^(?:retail|food & drink|consumer electronics|sport|home)\b/i, 'shop'],
  [/^(?:travel|health|pet care|events|care|family services|automotive|culture)\b/i, 'book'],
  [/^(?:education|workspace)\b/i, 'join'],
  [/^non-profit\b/i, 'donate'],
  [/^professional services\b/i, 'contact'],
];

/**
 * The brief's own call to action, under a label ("CTA: Enquire about membership", "Call to
 * action –", "Llamada a la acción:", "Handlungsaufforderung:", "Appel à l'action :") or a
 * heading of its own ("## CTA" and the line after it).
 */
const BRIEF_CTA =
  /(?:^|\n|[.!]\s+)[\s>*•#-]*(?:CTA|call to action|llamada a la acción|handlungsaufforderung|appel à l['’]action)(?:\s*[:=–—-]\s*|[^\S\n]*\n+[\s>*•-]*)([^\n.]{3,80})/iu;

/** A CTA said as a button: a few words, no clause. */
const BUTTON_WORDS = 5;

/**
 * The brief's own CTA line, as written, when it reads as a button: a few words that open with what
 * the reader does ("book a visit" → "Book a visit", "Start free trial"); not an instruction to the
 * agency ("drive them to the website, not the phone").
 */
export function briefCta(summary: string): string | undefined {
  const own = BRIEF_CTA.exec(summary)?.[1]?.trim();
  const words = own?.split(/\s+/u) ?? [];
  if (!own || /[,;:()]/u.test(own) || words.length > BUTTON_WORDS) return undefined;
  const first = words[0] ?? '';
  if (ctaIntent(first) === 'learn' || ctaIntent(first) !== ctaIntent(own)) return undefined;
  return `${own.charAt(0).toLocaleUpperCase()}${own.slice(1)}`;
}

/**
 * The CTA of a language's catalogue for a brief without a campaign CTA: the intent of the brief's
 * own CTA line when it says one, else its category's.
 */
export function defaultCta(cat: Catalogue, category: string, summary = ''): string {
  const own = BRIEF_CTA.exec(summary)?.[1];
  const ownIntent = own ? ctaIntent(own) : 'learn';
  if (ownIntent !== 'learn') return cat.cta[ownIntent];
  const intent = INTENT_OF_VERTICAL.find(([re]) => re.test(category.trim()))?.[1] ?? 'learn';
  return cat.cta[intent];
}
