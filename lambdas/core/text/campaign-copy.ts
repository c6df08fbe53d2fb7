import { UpstreamError } from '../errors.ts';
import { type WrittenVariant, writeAdCopy } from './ad-copy.ts';
import { briefSources } from './brief-angles.ts';
import { ctaIntent, ctaType } from './cta.ts';
import { InvalidModelAnswerError } from './model-errors.ts';
import { PLATFORM_LIMITS } from './platform-limits.ts';
import {
  copyViolations,
  type PolicyContext,
  repeatedAcrossFields,
  restatesOffer,
  sentencesOf,
} from './policy/copy-policy.ts';
import { fillPrompt } from './prompts.ts';
import { catalogueFor } from './realise/messages.ts';
import type { AngleForCopy, BriefForPlanning, CopyPlatform, DraftCopy, TextModel } from './types.ts';

type Brand = { tone_of_voice: string; tagline: string; banned_words: readonly string[] };
type CampaignForCopy = {
  name: string;
  cta_text: string;
  offer_text: string;
  platform_target: readonly CopyPlatform[];
};

const isOffline = (model: TextModel) => model.id.startsWith('heuristic');
const FIELDS = ['headline', 'primary_text', 'description', 'cta'] as const;

/** Why a drafted ad cannot be used (empty when it can): the copy policy per field, and no sentence twice. */
export function draftProblems(d: DraftCopy, ctx: Omit<PolicyContext, 'limit'>): string[] {
  const limits = PLATFORM_LIMITS[d.platform];
  return [
    ...FIELDS.flatMap((f) =>
      copyViolations(d[f], { ...ctx, limit: limits[f] }).map((v) => `${d.platform} ${f}: ${v}`),
    ),
    ...repeatedAcrossFields([d.headline, d.primary_text, d.description], ctx.language).map(
      (s) => `${d.platform}: "${s}" is said twice`,
    ),
  ];
}

/**
 * Every variant of a campaign from its brief and angles: per angle (or one general) and platform.
 * Offline, the brief's facts are laid out by `writeAdCopy`. With Bedrock, the model drafts from the
 * brief's facts, the drafts are held to the same copy policy, repaired once, then answer 502.
 */
export async function writeCampaignCopy(input: {
  model: TextModel;
  brief: BriefForPlanning;
  campaign: CampaignForCopy;
  angles: readonly AngleForCopy[];
  brand: Brand;
}): Promise<{ copy: WrittenVariant[]; warnings: string[] }> {
  const { brief, campaign, brand } = input;
  if (isOffline(input.model)) return writeAdCopy({ brief, angles: input.angles, campaign, brand });
  const platforms: readonly CopyPlatform[] =
    campaign.platform_target.length > 0 ? campaign.platform_target : ['general'];
  const ctx = {
    language: brief.language,
    banned: brand.banned_words,
    avoid: brief.avoid,
    campaignName: campaign.name,
    sources: briefSources(brief, [campaign.offer_text, campaign.cta_text, brand.tagline]),
  };
  const expected = (input.angles.length > 0 ? input.angles.map((a) => a.id) : [null]).flatMap((id) =>
    platforms.map((p) => `${id}|${p}`),
  );
  const problemsOf = (drafts: DraftCopy[]) => {
    const got = new Set(drafts.map((d) => `${d.angle_id}|${d.platform}`));
    return [
      ...expected.filter((k) => !got.has(k)).map((k) => `no entry for ${k}`),
      ...drafts.flatMap((d) => draftProblems(d, ctx)),
    ];
  };
  const ask = (repairNote?: string) =>
    input.model.draftCopy({
      brief,
      campaign: { ...campaign, platform_target: platforms },
      angles: input.angles,
      brand,
      ...(repairNote ? { repairNote } : {}),
    });
  let problems: string[];
  let drafts: DraftCopy[] = [];
  try {
    drafts = await ask();
    problems = problemsOf(drafts);
  } catch (error) {
    if (!(error instanceof InvalidModelAnswerError)) throw error;
    problems = error.problems;
  }
  if (problems.length > 0) {
    drafts = await ask(fillPrompt('repair', { problems: problems.slice(0, 12).join('; ') }));
    const left = problemsOf(drafts);
    if (left.length > 0)
      throw new UpstreamError(
        `The text model's copy broke the copy policy after a repair request: ${left.slice(0, 3).join('; ')}.`,
      );
  }
  const copy = expected.map((key) => {
    const d = drafts.find((x) => `${x.angle_id}|${x.platform}` === key) as DraftCopy;
    return { ...d, cta_type: ctaType(d.cta, d.platform), language: brief.language };
  });
  return { copy, warnings: [] };
}

/**
 * The words a creative may print, for the compositor: headline candidates (the prepared one first,
 * then the hook's sentences), body candidates (the prepared primary text, then the hook), the offer
 * and the CTA. Each passes the copy policy, no body repeats a headline sentence, and none is a cut:
 * the compositor picks the first that fits its layout. An angle's name is never printed.
 */
export function creativeCopyCandidates(input: {
  campaign: CampaignForCopy;
  angle: { hook: string; name: string } | undefined;
  brandKit: { tagline: string; banned_words: readonly string[] };
  prepared?: { headline: string; primary_text?: string; cta?: string } | undefined;
  clientName?: string;
  language?: string;
}): { headlines: string[]; bodies: string[]; offer?: string; cta: string } {
  const language = input.language ?? 'en';
  const hook = input.angle?.hook.trim() ?? '';
  const offerText = input.campaign.offer_text.trim();
  const ctx: PolicyContext = {
    language,
    banned: input.brandKit.banned_words,
    campaignName: input.campaign.name,
    // Every candidate comes from text already traced to the brief (angles, prepared copy) or typed
    // by the caller: the campaign's CTA too, or a "Start free" the caller wrote is refused as an
    // untraced claim and replaced by the catalogue's label.
    sources: [
      hook,
      input.prepared?.headline ?? '',
      input.prepared?.primary_text ?? '',
      offerText,
      input.campaign.cta_text,
      input.brandKit.tagline,
      input.clientName ?? '',
    ],
  };
  const ok = (t: string) => t.trim() !== '' && copyViolations(t, ctx).length === 0;
  const unique = (list: string[]) => [...new Set(list.map((t) => t.trim()).filter(ok))];
  // A hook that says the offer again in other words leaves it to the offer's own place on the
  // creative: its other sentences head the picture, the hook whole never does.
  const restated = (t: string) => offerText !== '' && restatesOffer(t, offerText);
  const allHookSentences = hook ? sentencesOf(hook, language) : [];
  const hookSentences = allHookSentences.filter((s) => !restated(s));
  const hookWhole = hookSentences.length === allHookSentences.length ? hook : '';
  // The picture is headed by its angle (the hook whole, then its sentences for smaller layouts);
  // the prepared headline is the platform's field beside the image, so it comes after, and never
  // when it only restates the offer, which has a place of its own on the creative.
  const sameAsOffer = (t: string) => offerText !== '' && t.trim().toLowerCase() === offerText.toLowerCase();
  const preparedHeadline = input.prepared?.headline ?? '';
  const headlines = unique([
    hookSentences.length > 1 ? hookWhole : '',
    ...hookSentences.map((s) => s.replace(/[.]$/u, '')),
    sameAsOffer(preparedHeadline) ? '' : preparedHeadline,
    input.brandKit.tagline,
    input.clientName ?? '',
  ]);
  const bodies = unique([input.prepared?.primary_text ?? '', hookWhole, ...hookSentences]).filter(
    (b) => repeatedAcrossFields([headlines[0] ?? '', b], language).length === 0,
  );
  const cat = catalogueFor(language) ?? catalogueFor('en');
  const given = (input.prepared?.cta || input.campaign.cta_text || '').trim();
  const fits = given && [...given].length <= PLATFORM_LIMITS.general.cta && ok(given);
  const cta = fits ? given : (cat?.cta[ctaIntent(given)] ?? given);
  return { headlines, bodies, ...(offerText && ok(offerText) ? { offer: offerText } : {}), cta };
}
