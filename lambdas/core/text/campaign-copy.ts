import {
  bodyCandidates,
  type CopyRules,
  type CopySource,
  categoryOf,
  chooseCta,
  ctaType,
  endsMidPhrase,
  headlineCandidates,
  passesRules,
  sentencesOf,
  type WrittenVariant,
  writeVariant,
} from './copy.ts';
import { PLATFORM_LIMITS } from './platform-limits.ts';
import type { AngleForCopy, CopyPlatform, TextModel } from './types.ts';
import { untraced } from './validate.ts';

type Brand = { tone_of_voice: string; tagline: string; banned_words: readonly string[] };
type CampaignForCopy = {
  name: string;
  cta_text: string;
  offer_text: string;
  platform_target: readonly CopyPlatform[];
};
type AngleWithLanguage = AngleForCopy & { language?: string };

const isOffline = (model: TextModel) => model.id.startsWith('heuristic');

/** The source lines of a variant: the angle, or without one the client's latest angle, else the tagline. */
function sourceFor(
  angle: AngleWithLanguage | undefined,
  fallback: AngleWithLanguage | undefined,
  campaign: CampaignForCopy,
  brand: Brand,
  clientName: string,
): CopySource {
  const from = angle ?? fallback;
  return {
    ...(from ? { hook: from.hook, name: from.name } : {}),
    offer: campaign.offer_text.trim(),
    tagline: brand.tagline.trim(),
    brandName: clientName,
  };
}

/**
 * Every variant of a campaign: per angle (or one general) and platform. Offline, each field is
 * chosen among complete candidates. With Bedrock, the model's fields go through the same
 * validators (limit, rules, nothing mid-phrase, every number and claim word traceable); one
 * repair request names the violations, and a field still invalid is replaced by the offline
 * candidate with a warning. An invalid field is never returned.
 */
export async function writeCampaignCopy(input: {
  model: TextModel;
  clientName: string;
  campaign: CampaignForCopy;
  angles: readonly AngleWithLanguage[];
  latestAngles: readonly AngleWithLanguage[];
  brand: Brand;
}): Promise<{ copy: WrittenVariant[]; warnings: string[] }> {
  const { campaign, brand, clientName } = input;
  const rules: CopyRules = { banned: brand.banned_words, campaignName: campaign.name };
  const allText = [...input.angles, ...input.latestAngles]
    .map((a) => `${a.name} ${a.hook} ${a.copy_direction}`)
    .concat(brand.tagline, campaign.offer_text, clientName)
    .join(' ');
  const defining = [...input.angles, ...input.latestAngles]
    .map((a) => a.hook)
    .filter((h) => /^(?:Meet |Descubre |Das ist |Découvrez )|\bmade for\b/i.test(h))
    .join(' ');
  const category = categoryOf(allText, defining);
  const context = `${allText} ${campaign.cta_text}`;
  const platforms: readonly CopyPlatform[] =
    campaign.platform_target.length > 0 ? campaign.platform_target : ['general'];
  const fallbackAngle = input.latestAngles.find((a) => passesRules(a.hook, rules));
  const angles: (AngleWithLanguage | undefined)[] = input.angles.length > 0 ? [...input.angles] : [undefined];
  const warnings: string[] = [];
  const copy: WrittenVariant[] = [];
  for (const angle of angles) {
    for (const platform of platforms) {
      const cta = chooseCta({ ctaText: campaign.cta_text, platform, category, context, rules });
      if (cta.warning) warnings.push(cta.warning);
      const written = writeVariant({
        angleId: angle?.id ?? null,
        platform,
        source: sourceFor(angle, fallbackAngle, campaign, brand, clientName),
        cta: cta.cta,
        language: angle?.language ?? fallbackAngle?.language ?? 'en',
        rules,
      });
      warnings.push(...written.warnings);
      copy.push(written.variant);
    }
  }
  if (isOffline(input.model)) return { copy, warnings };

  // The model's drafts, held to the same rules; the offline variants are the fallback.
  const sources = [allText, campaign.offer_text, campaign.cta_text, brand.tagline, clientName];
  const validate = (
    field: 'headline' | 'primary_text' | 'description' | 'cta',
    text: string,
    platform: CopyPlatform,
  ) => fieldViolations(field, text, platform, rules, sources);
  const request = (repairNote?: string) =>
    input.model.draftCopy({
      clientName,
      campaign: { ...campaign, platform_target: platforms },
      angles: input.angles,
      brand,
      ...(repairNote ? { repairNote } : {}),
    });
  let drafts = await request();
  const problems = drafts.flatMap((d) =>
    (['headline', 'primary_text', 'description', 'cta'] as const).flatMap((f) =>
      validate(f, d[f], d.platform).map((v) => `${d.platform} ${f}: ${v}`),
    ),
  );
  if (problems.length > 0) {
    drafts = await request(
      `Your previous answer broke these rules: ${problems.slice(0, 12).join('; ')}. Answer again; keep every field within its limit, use only numbers and claims from the input, and none of the banned words.`,
    );
  }
  const replaced = new Set<string>();
  const merged = copy.map((offline) => {
    const draft = drafts.find((d) => d.angle_id === offline.angle_id && d.platform === offline.platform);
    if (!draft) return offline;
    const out: WrittenVariant = { ...offline };
    for (const field of ['headline', 'primary_text', 'description', 'cta'] as const) {
      const text = draft[field].trim();
      if (validate(field, text, offline.platform).length === 0) out[field] = text;
      else replaced.add(field.replace('_', ' '));
    }
    out.cta_type = ctaType(out.cta, out.platform);
    return out;
  });
  if (replaced.size > 0)
    warnings.push(
      `The text model's ${[...replaced].join(', ')} broke the copy rules after a repair request; the offline engine's copy is used there.`,
    );
  return { copy: merged, warnings };
}

/** Why a field cannot be used as is (empty when it can). */
export function fieldViolations(
  field: 'headline' | 'primary_text' | 'description' | 'cta',
  text: string,
  platform: CopyPlatform,
  rules: CopyRules,
  sources: readonly string[],
): string[] {
  const max = PLATFORM_LIMITS[platform][field];
  const out: string[] = [];
  if (!text.trim()) out.push('empty');
  if ([...text].length > max) out.push(`${[...text].length} characters, limit ${max}`);
  if (text.trim() && !passesRules(text, rules)) out.push('a banned word, the campaign name or a placeholder');
  if (text.trim() && endsMidPhrase(text)) out.push('ends mid-phrase');
  const invented = untraced(text, sources);
  if (invented.length > 0) out.push(`not in the brief: ${invented.join(', ')}`);
  return out;
}

/**
 * The words a creative may print, for the compositor: ordered headline candidates (the
 * preferred one first, then shorter complete rewrites), body candidates (longest first), the
 * offer and the CTA. Every candidate is free of banned words and of the campaign's internal
 * name, and none is a cut: the compositor picks the first that fits its layout and never
 * truncates. The offer is `campaign.offer_text` when it passes the rules; the CTA is the
 * prepared one for the angle when there is one, else the campaign's (or the category default).
 */
export function creativeCopyCandidates(input: {
  campaign: CampaignForCopy;
  angle: { hook: string; name: string } | undefined;
  brandKit: { tagline: string; banned_words: readonly string[] };
  prepared?: { headline: string; primary_text?: string; cta?: string } | undefined;
  clientName?: string;
  language?: string;
}): { headlines: string[]; bodies: string[]; offer?: string; cta: string } {
  const rules: CopyRules = { banned: input.brandKit.banned_words, campaignName: input.campaign.name };
  const ok = (t: string) => passesRules(t, rules) && !endsMidPhrase(t);
  const source: CopySource = {
    ...(input.angle ? { hook: input.angle.hook, name: input.angle.name } : {}),
    offer: '',
    tagline: input.brandKit.tagline,
    brandName: input.clientName ?? '',
  };
  const headlines = [
    ...headlineCandidates(source),
    ...(input.prepared?.headline ? [input.prepared.headline] : []),
  ].filter(ok);
  const headlineSet = new Set(headlines.map((h) => h.toLowerCase()));
  const bodies = [
    ...(input.prepared?.primary_text ? [input.prepared.primary_text] : []),
    ...bodyCandidates(source),
  ]
    .filter((b) => ok(b) && !headlineSet.has(b.toLowerCase()))
    .filter((b, i, all) => all.indexOf(b) === i);
  const offer = input.campaign.offer_text.trim();
  const ctaSource = input.prepared?.cta || input.campaign.cta_text;
  const category = categoryOf(`${input.angle?.hook ?? ''} ${input.brandKit.tagline}`);
  const cta = chooseCta({
    ctaText: ctaSource ?? '',
    platform: 'general',
    category,
    context: `${input.angle?.hook ?? ''} ${offer}`,
    rules,
  }).cta;
  return {
    headlines: [...new Set(headlines)],
    bodies,
    ...(offer && ok(offer) ? { offer } : {}),
    cta,
  };
}

export { sentencesOf };
