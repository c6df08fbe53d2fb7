import { DEFAULT_CTA, PLATFORM_LIMITS } from './platform-limits.ts';
import { analyseSummary, type SummaryFacts, trimPhrase } from './summary-analysis.ts';
import type { AngleDraft, AwarenessLevel, DraftCopy, PrepareCopyInput, TextModel } from './types.ts';

/** FNV-1a: a stable small hash, so the same summary always picks the same phrasings. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const pick = <T>(options: readonly T[], seed: string): T => options[hash(seed) % options.length] as T;
const cap = (s: string) => (s ? s[0]?.toUpperCase() + s.slice(1) : s);
const lower = (s: string) => (s ? s[0]?.toLowerCase() + s.slice(1) : s);
const words = (s: string, n: number) => s.split(' ').slice(0, n).join(' ');

/** A benefit clause as something the reader could do ("so you can sleep in" → "sleep in"). */
function outcome(benefit: string): string {
  const b = benefit.trim();
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^so (?:you|they|teams|customers) can (.+)/i, (m) => m[1] ?? ''],
    [/^helps? (?:you |them |teams |customers )?(?:to )?(.+)/i, (m) => m[1] ?? ''],
    [/^lets? (?:you|them|teams|customers) (.+)/i, (m) => m[1] ?? ''],
    [/^saves? (.+)/i, (m) => `save ${m[1]}`],
    [/^without (.+)/i, (m) => `skip ${m[1]}`],
    [/^in (?:under|less than) (.+)/i, (m) => `get it done in under ${m[1]}`],
    [/^benefits? (?:is|are|include) (.+)/i, (m) => `get ${m[1]}`],
  ];
  for (const [pattern, rewrite] of rules) {
    const m = pattern.exec(b);
    if (m) return rewrite(m);
  }
  return b;
}

type AngleType = {
  type: string;
  level: AwarenessLevel;
  name: (f: Ctx) => string;
  hooks: ((f: Ctx) => string)[];
  visual: string[];
  direction: (f: Ctx) => string;
};

type Ctx = {
  brand: string;
  product: string;
  productShort: string;
  audience: string;
  pain: string;
  painShort: string;
  benefit: string;
  benefitShort: string;
  proof: string | undefined;
  number: string | undefined;
  competitor: string | undefined;
  keyword: string;
};

const GENERIC = new Set([
  'platform',
  'app',
  'service',
  'tool',
  'software',
  'solution',
  'subscription',
  'product',
  'company',
  'brand',
  'business',
  'specialty',
  'small-batch',
  'premium',
  'new',
  'online',
  'practice',
  'clinic',
  'agency',
  'store',
  'shop',
  'family',
]);

function context(facts: SummaryFacts, clientName: string): Ctx {
  const brand = facts.brand ?? clientName;
  const product =
    facts.product === brand ? facts.keywords.slice(0, 2).join(' ') || 'what we make' : facts.product;
  // The head of the offer ("coffee", "payroll"): the product phrase's most specific word.
  const productWords = product
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !GENERIC.has(w) && w.length > 2);
  const keyword =
    productWords.at(-1) ?? facts.keywords.find((k) => !brand.toLowerCase().includes(k)) ?? 'quality';
  const pain = facts.pains[0] ?? `settling for ordinary ${keyword}`;
  const benefit = outcome(facts.benefits[0] ?? `get better ${keyword} with less effort`);
  // The head count of the strongest proof ("2,000 five-star reviews", "3,400 companies").
  const proofNumber = facts.proof
    .map((p) => /\d[\d,.]*\+?\s(?:[a-z-]+\s)?[a-z-]*s\b/i.exec(p)?.[0])
    .find((n) => n !== undefined);
  return {
    brand,
    product,
    productShort: words(product, 4),
    audience: facts.audience ?? `people who care about ${keyword}`,
    pain,
    painShort: trimPhrase(
      words(
        pain
          .replace(
            /^(?:tired|sick) of |^struggl\w* (?:with|to) |^frustrated (?:by|with) |^worr\w* about /i,
            '',
          )
          .split(/ (?:and|or|but) /)[0] ?? pain,
        4,
      ),
    ),
    benefit,
    benefitShort: trimPhrase(words(benefit, 5)),
    proof: facts.proof[0],
    number: proofNumber ?? facts.numbers.find((n) => /[a-z%]/i.test(n)),
    competitor: facts.competitors[0],
    keyword,
  };
}

/**
 * Ten angle types, each a different reason to care, spread over all five awareness levels.
 * The hooks are shapes a junior copywriter would try first, filled with the summary's own words.
 */
const ANGLE_TYPES: AngleType[] = [
  {
    type: 'Pain point',
    level: 'problem_aware',
    name: (c) => `Pain point: ${c.painShort}`,
    hooks: [
      (c) => `Still ${lower(c.pain)}? ${c.brand} was made for exactly that.`,
      (c) =>
        /^(?:tired|sick|frustrated|worried)\b/i.test(c.pain)
          ? `If you're ${lower(c.pain)}, this is your sign to stop putting up with it.`
          : `${cap(c.painShort)} shouldn't be part of your week. ${c.brand} makes sure it isn't.`,
      (c) => `${cap(c.pain)}? You're not the only one — and it's fixable.`,
    ],
    visual: [
      'moody photo close-up of the everyday problem, desaturated with one warm accent',
      'dark editorial photo, tense mood, single highlight',
    ],
    direction: (c) =>
      `Name the pain in the reader's words ("${c.pain}") before mentioning ${c.brand}. Empathy first, product second, no exaggeration.`,
  },
  {
    type: 'Transformation',
    level: 'solution_aware',
    name: (c) => `Before and after: ${c.benefitShort}`,
    hooks: [
      (c) => `Imagine being able to ${lower(c.benefit)}. That's what ${c.brand} does.`,
      (c) => `From ${lower(c.painShort)} to ${lower(c.benefitShort)} — without the hassle.`,
      (c) => `What would change if you could ${lower(c.benefit)}?`,
    ],
    visual: [
      'split before/after composition, muted left, bright organic right',
      'bright airy photo of the "after" moment, soft daylight',
    ],
    direction: (c) =>
      `Paint the after-state concretely (${c.benefit}); show the contrast with today in one line; end on the outcome, not the feature.`,
  },
  {
    type: 'Social proof',
    level: 'product_aware',
    name: (c) =>
      `Social proof: ${c.number ? `${c.number} and counting` : `people like ${words(c.audience, 3)}`}`,
    hooks: [
      (c) =>
        c.proof
          ? `${cap(c.proof)}. Find out why.`
          : `${cap(c.audience)} keep coming back to ${c.brand}. Here's why.`,
      (c) =>
        c.number
          ? `${cap(c.number)} already made the switch. Here's what they found.`
          : `Ask anyone who switched to ${c.brand}.`,
    ],
    visual: [
      'authentic customer photo style, candid, with space for a star rating',
      'collage of real customers, warm photo tones',
    ],
    direction: (c) =>
      `Lead with the strongest proof in the summary${c.proof ? ` ("${c.proof}")` : ''}; use real numbers only; let customers speak in quotes.`,
  },
  {
    type: 'Authority',
    level: 'solution_aware',
    name: (c) => `Expert take: why ${c.productShort}`,
    hooks: [
      (c) => `Here's what the experts know about ${lower(c.keyword)} that most people don't.`,
      (c) => `The ${lower(c.productShort)} approach specialists actually recommend.`,
    ],
    visual: [
      'clean editorial layout, minimal, expert portrait, muted palette',
      'minimal tech-style diagram with one bold number',
    ],
    direction: (c) =>
      `Explain the mechanism behind ${c.product} in one plain sentence; cite a fact from the research; calm, confident, no hype.`,
  },
  {
    type: 'Urgency',
    level: 'most_aware',
    name: (c) => `Limited time: ${words(c.brand, 3)} now`,
    hooks: [
      (c) => `You already know ${c.brand}. This is the week to start.`,
      (c) => `Every week you wait is another week of ${lower(c.painShort)}.`,
    ],
    visual: [
      'bold high-contrast colour blocks, big shapes, countdown energy',
      'bold flat graphic with strong diagonal',
    ],
    direction: (c) =>
      `Give a real reason to act now (the offer, a season, a deadline); short sentences; one clear action. Never invent scarcity ${c.brand} doesn't have.`,
  },
  {
    type: 'Risk reversal',
    level: 'most_aware',
    name: () => 'Nothing to lose: try it risk-free',
    hooks: [
      (c) => `Try ${c.brand} for yourself. If it isn't for you, you don't pay for it.`,
      (c) => `The easiest yes you'll say this week: ${lower(c.productShort)}, risk-free.`,
    ],
    visual: [
      'calm minimal product-centred shot, lots of white space, trustworthy',
      'minimal luxury still life, soft shadows',
    ],
    direction: () =>
      "Remove the reader's last objection: guarantee, free trial, easy cancel — only what the business really offers. Reassuring, plain.",
  },
  {
    type: 'Comparison',
    level: 'product_aware',
    name: (c) => `Compared: ${c.competitor ? `vs ${words(c.competitor, 3)}` : 'the usual way'}`,
    hooks: [
      (c) =>
        c.competitor
          ? `Unlike ${c.competitor}, ${c.brand} lets you ${lower(c.benefitShort)}.`
          : `The usual way vs the ${c.brand} way: you'll see the difference.`,
      (c) => `Same budget, better ${lower(c.keyword)}. Put ${c.brand} side by side with what you use now.`,
    ],
    visual: [
      'side-by-side split screen comparison, clean tech style',
      'two-column layout, muted left, vivid right',
    ],
    direction: (c) =>
      `Compare on one dimension the reader cares about (${c.benefitShort}); be fair and specific; never name-call competitors.`,
  },
  {
    type: 'Curiosity',
    level: 'unaware',
    name: (c) => `Curiosity: the ${c.keyword} secret`,
    hooks: [
      (c) => `Most people get ${lower(c.keyword)} wrong. Here's the one thing that changes it.`,
      (c) => `Why do ${lower(words(c.audience, 4))} swear by this?`,
      (c) => `There's a reason ${lower(c.keyword)} feels harder than it should.`,
    ],
    visual: [
      'unexpected macro crop, intriguing detail, playful composition',
      'retro poster style with a question mark motif',
    ],
    direction: (c) =>
      `Open a loop the reader wants closed; reveal ${c.brand} only after the question lands; keep it honest, no clickbait.`,
  },
  {
    type: 'Value',
    level: 'product_aware',
    name: (c) => `Value: what you get with ${words(c.brand, 3)}`,
    hooks: [
      (c) => `${cap(c.benefit)}. That's what you get with ${c.brand}.`,
      (c) => `Everything you need for better ${lower(c.keyword)}, in one ${lower(c.productShort)}.`,
    ],
    visual: [
      'flat lay of everything included, organised grid, price-tag focus',
      'bold flat colour background with the product hero',
    ],
    direction: (c) =>
      `Stack the concrete value (${c.benefitShort}${c.number ? `, ${c.number}` : ''}); make the price feel small next to it.`,
  },
  {
    type: 'Identity',
    level: 'unaware',
    name: (c) => `Identity: made for ${words(c.audience, 4)}`,
    hooks: [
      (c) => `For ${lower(c.audience)} who expect more from ${lower(c.keyword)}.`,
      (c) => `Made for ${lower(c.audience)}, by people who get what you need from your ${lower(c.keyword)}.`,
    ],
    visual: [
      'lifestyle photography of the audience in their element, natural light',
      'organic warm lifestyle scene, candid',
    ],
    direction: (c) =>
      `Speak to who the reader is (${c.audience}), not what they buy; mirror their language and values; ${c.brand} as one of them.`,
  },
];

/** The offline text model: angles and copy derived from the summary itself, deterministic. */
export function createHeuristicTextModel(): TextModel {
  return {
    id: 'heuristic-v1',
    async generateAngles({ researchSummary, clientName }) {
      const facts = analyseSummary(researchSummary, clientName);
      const ctx = context(facts, clientName);
      const seen = new Set<string>();
      return ANGLE_TYPES.map((t): AngleDraft => {
        let name = t.name(ctx).slice(0, 80);
        if (seen.has(name.toLowerCase())) name = `${t.type}: ${ctx.keyword}`;
        seen.add(name.toLowerCase());
        return {
          name,
          hook: pick(t.hooks, `${researchSummary}|${t.type}`)(ctx).slice(0, 200),
          awareness_level: t.level,
          visual_style: pick(t.visual, `${researchSummary}|${t.type}|v`),
          copy_direction: t.direction(ctx).slice(0, 400),
        };
      });
    },

    async draftCopy(input: PrepareCopyInput): Promise<DraftCopy[]> {
      const platforms =
        input.campaign.platform_target.length > 0 ? input.campaign.platform_target : (['general'] as const);
      const angles = input.angles.length > 0 ? input.angles : [undefined];
      const tone = input.brand.tone_of_voice.toLowerCase();
      const excited = /playful|energetic|bold|fun|excit/.test(tone);
      const offer = input.campaign.offer_text.trim();
      const drafts: DraftCopy[] = [];
      for (const angle of angles) {
        for (const platform of platforms) {
          const limits = PLATFORM_LIMITS[platform];
          const hook = angle?.hook ?? `${input.campaign.name} from ${input.clientName}`;
          const headline = shortest(
            [offer, firstSentence(hook), input.brand.tagline, input.campaign.name],
            limits.headline,
          );
          const body = [firstSentence(hook), offer ? `${offer}.` : '', input.brand.tagline]
            .filter(Boolean)
            .join(' ');
          drafts.push({
            angle_id: angle?.id ?? null,
            platform,
            headline: excited ? headline.replace(/\.$/, '!') : headline,
            primary_text: body,
            description: offer || input.brand.tagline || input.campaign.name,
            cta: input.campaign.cta_text || DEFAULT_CTA[platform],
          });
        }
      }
      return drafts;
    },
  };
}

function firstSentence(text: string): string {
  return (/^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text).trim();
}

/** The first candidate that fits whole; else the first non-empty one (the rules will trim it). */
function shortest(candidates: string[], max: number): string {
  const present = candidates.map((c) => c.trim()).filter(Boolean);
  return present.find((c) => c.length <= max) ?? present[0] ?? '';
}
