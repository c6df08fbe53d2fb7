import { briefSources } from './brief-angles.ts';
import { briefCta, ctaIntent, ctaType, defaultCta } from './cta.ts';
import { loadNlp } from './nlp.ts';
import { repliesIn, replyOfNeed, withNeedsBeforeReplies } from './plan/topics.ts';
import { type CopyLimits, PLATFORM_LIMITS } from './platform-limits.ts';
import {
  copyViolations,
  type PolicyContext,
  repeatedAcrossFields,
  sentencesOf,
} from './policy/copy-policy.ts';
import { capFirst, type FactForm, factForm } from './realise/forms.ts';
import { catalogueFor, message } from './realise/messages.ts';
import { endsSentence, sentence } from './realise/realise.ts';
import type { BriefForPlanning, CopyPlatform, CopyVariant } from './types.ts';

export type WrittenVariant = CopyVariant & { cta_type: string; language: string };

export type AngleInput = { id: string; hook: string; fact_ids?: readonly string[] };
export type CampaignInput = {
  name: string;
  cta_text: string;
  offer_text: string;
  platform_target: readonly CopyPlatform[];
};
export type BrandInput = { banned_words: readonly string[]; tagline: string };

type Line = { text: string; facts: string[] };

const noStop = (t: string) => t.replace(/[.]$/u, '');
const asSentence = (t: string, stop: string) => (endsSentence(t.trim()) ? t.trim() : `${t.trim()}${stop}`);

/**
 * Ad copy from the brief and the angles: the headline, the primary text and the description of
 * one ad each say something different (no fact and no sentence twice), each is a complete text
 * that fits its placement (chosen, never cut) and passes the copy policy, in the brief's language.
 * The description is never empty: the last candidate is the business name.
 */
export async function writeAdCopy(input: {
  brief: BriefForPlanning;
  angles: readonly AngleInput[];
  campaign: CampaignInput;
  brand: BrandInput;
}): Promise<{ copy: WrittenVariant[]; warnings: string[] }> {
  const { brief, campaign, brand } = input;
  const cat = catalogueFor(brief.language) ?? catalogueFor('en');
  const english = catalogueFor('en');
  if (!cat || !english) throw new Error('the English catalogue is missing');
  const nlp = brief.language === 'en' ? await loadNlp() : undefined;
  const forms = new Map<string, FactForm>(
    brief.facts.map((f) => [f.id, factForm(f, cat, brief.research_summary, nlp, brief.business_name)]),
  );
  const factLine = (f: FactForm): Line => ({ text: sentence(f, cat, brief), facts: [f.id] });
  const alone = standsAlone(brief, forms);
  const byRole = (roles: readonly string[]) =>
    roles.flatMap((r) => [...forms.values()].filter((f) => f.role === r && alone(f))).map(factLine);
  const offer = campaign.offer_text.trim()
    ? [{ text: asSentence(campaign.offer_text, cat.stop), facts: ['offer'] }]
    : [];
  const sources = briefSources(brief, [campaign.offer_text, campaign.cta_text, brand.tagline]);
  const policy = (limit: number): PolicyContext => ({
    language: brief.language,
    banned: brand.banned_words,
    avoid: brief.avoid,
    campaignName: campaign.name,
    sources,
    limit,
  });
  const platforms: readonly CopyPlatform[] =
    campaign.platform_target.length > 0 ? campaign.platform_target : ['general'];
  const angles: (AngleInput | undefined)[] = input.angles.length > 0 ? [...input.angles] : [undefined];
  const warnings: string[] = [];
  const copy: WrittenVariant[] = [];
  const proofFirst = byRole(['proof', 'differentiator', 'guarantee', 'benefit', 'feature', 'price', 'offer']);
  const closers = [
    ...offer,
    ...byRole(['offer', 'guarantee', 'price', 'proof', 'differentiator', 'feature', 'benefit']),
  ];
  const tagline = brand.tagline.trim() ? [{ text: brand.tagline.trim(), facts: ['tagline'] }] : [];
  const business = { text: brief.business_name, facts: ['business'] };
  // What is sold and where, in the brief's words: short lines for tight placements. (Each is
  // named before the empty ones are dropped: a brief without a product has its place as a place.)
  const line = (text: string, fact: string) =>
    text.trim() ? [{ text: capFirst(text.trim()), facts: [fact] }] : [];
  const product = line(brief.product, 'product');
  const place = line(brief.location, 'location');
  const named = [...product, ...place];
  for (const angle of angles) {
    const own = (angle?.fact_ids ?? [])
      .map((id) => forms.get(id))
      .filter((f): f is FactForm => f !== undefined && alone(f))
      .map(factLine);
    const hook = angle ? [{ text: angle.hook, facts: [...(angle.fact_ids ?? [])] }] : [];
    const hookSentences = angle ? sentencesAlone(angle, forms, brief.language, cat.voice.pointsBack) : [];
    for (const platform of platforms) {
      const limits: CopyLimits = PLATFORM_LIMITS[platform];
      const used = new Set<string>();
      const fields: string[] = [];
      const pick = (
        field: 'headline' | 'primary_text' | 'description',
        candidates: Line[],
        headline = false,
      ) => {
        const ctx = policy(limits[field]);
        for (const c of candidates) {
          const text = headline ? noStop(c.text) : c.text;
          if (c.facts.some((f) => used.has(f) && f !== 'business')) continue;
          if (copyViolations(text, ctx).length > 0) continue;
          if (repeatedAcrossFields([...fields, text], brief.language).length > 0) continue;
          for (const f of c.facts) used.add(f);
          fields.push(text);
          return text;
        }
        warnings.push(message(english, 'warning.noFit', { field, platform, limit: limits[field] }));
        fields.push(brief.business_name);
        return brief.business_name;
      };
      // The hook's own facts head the ad when the angle's full hook is the body: a short headline
      // from a different fact, the hook as primary text, a closer (offer, guarantee) as description.
      const primary = pick('primary_text', [...hook, ...hookSentences, ...own, ...proofFirst]);
      const headline = pick('headline', [...proofFirst, ...closers, ...tagline, business, ...named], true);
      // A bare place says nothing under a headline: the business's name comes before it.
      const description = pick('description', [
        ...closers,
        ...proofFirst,
        ...tagline,
        ...product,
        business,
        ...place,
      ]);
      const cta = chooseCta(campaign.cta_text, limits.cta, cat, brief, policy(limits.cta));
      if (campaign.cta_text.trim() && cta !== campaign.cta_text.trim())
        warnings.push(
          message(english, 'warning.ctaReplaced', {
            given: campaign.cta_text.trim(),
            cta,
            platform,
            limit: limits.cta,
          }),
        );
      copy.push({
        angle_id: angle?.id ?? null,
        platform,
        headline,
        primary_text: primary,
        description,
        cta,
        cta_type: ctaType(cta, platform),
        language: brief.language,
      });
    }
  }
  return { copy, warnings: [...new Set(warnings)] };
}

/**
 * Which facts a field can print on their own: not a bare worry ("The claims process."), a reply
 * that points back at one ("In 1 in 8 homes, yes, …"), nor the worry that reply answers; they
 * only read in the hook that pairs them.
 */
function standsAlone(brief: BriefForPlanning, forms: ReadonlyMap<string, FactForm>) {
  const replies = repliesIn([...forms.values()]);
  const replyOf = replyOfNeed(withNeedsBeforeReplies(brief.facts, replies), replies);
  return (f: FactForm) => !f.unusable && !f.askOnly && !f.repliesOnly && !replyOf.has(f.id);
}

/**
 * The hook's sentences, each a field on its own, unless the hook is a worry and the reply that
 * points back at it: the question without its answer says less than the brief, and the answer
 * alone says nothing.
 */
function sentencesAlone(
  angle: AngleInput,
  forms: ReadonlyMap<string, FactForm>,
  language: string,
  pointsBack: string,
): Line[] {
  const facts = [...(angle.fact_ids ?? [])];
  if (facts.some((id) => forms.get(id)?.repliesOnly)) return [];
  const back = new RegExp(pointsBack, 'iu');
  return sentencesOf(angle.hook, language)
    .filter((s) => !back.test(noStop(s)))
    .map((s) => ({ text: s, facts }));
}

/** The campaign's CTA when it fits the button and the policy; else the language's default for the brief's CTA line or its category. */
function chooseCta(
  given: string,
  max: number,
  cat: NonNullable<ReturnType<typeof catalogueFor>>,
  brief: { category: string; research_summary: string },
  ctx: PolicyContext,
): string {
  const fits = (text: string) =>
    [...text].length <= max && copyViolations(text, { ...ctx, limit: max }).length === 0;
  const label = given.trim();
  if (label && fits(label)) return label;
  // A label too long for the button keeps its intent in the language's short form ("Book your free survey" → "Book now").
  if (label) return cat.cta[ctaIntent(label)];
  // Without one, the brief's own CTA words when they make a button ("Book a visit"), else its intent's.
  const own = briefCta(brief.research_summary);
  if (own && fits(own)) return own;
  return defaultCta(cat, brief.category, brief.research_summary);
}
