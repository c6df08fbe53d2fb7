import * as z from 'zod';
import type { BriefFact, BriefFields } from '../brief/schema.ts';
import type { PlatformTarget } from '../platforms.ts';

/** A stored brief with the research summary it was read from: what angles are planned from. */
export type BriefForPlanning = BriefFields & { research_summary: string };

/** Eugene Schwartz's five levels of awareness, coldest first. */
export const AWARENESS_LEVELS = [
  'unaware',
  'problem_aware',
  'solution_aware',
  'product_aware',
  'most_aware',
] as const;
export type AwarenessLevel = (typeof AWARENESS_LEVELS)[number];

export const angleDraftSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  hook: z.string().trim().min(1).max(200),
  awareness_level: z.enum(AWARENESS_LEVELS),
  visual_style: z.string().trim().min(1).max(200),
  copy_direction: z.string().trim().min(1).max(400),
});
export type AngleDraft = z.infer<typeof angleDraftSchema>;

export const ANGLES_PER_SET = 10;
export const MIN_AWARENESS_LEVELS = 4;

/** An angle with the brief's facts it uses (every claim of the API traces to the brief). */
export const plannedAngleSchema = angleDraftSchema.extend({
  fact_ids: z
    .array(z.string().regex(/^f[1-9]\d*$/))
    .min(1)
    .max(4),
});
export type PlannedAngle = z.infer<typeof plannedAngleSchema>;

/** Exactly ten angles, unique names, spread over at least four awareness levels. */
export const angleSetSchema = z
  .array(plannedAngleSchema)
  .length(ANGLES_PER_SET, `must be exactly ${ANGLES_PER_SET} angles`)
  .superRefine((angles, ctx) => {
    const names = angles.map((a) => a.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: 'angle names must be unique' });
    const levels = new Set(angles.map((a) => a.awareness_level));
    if (levels.size < MIN_AWARENESS_LEVELS) {
      ctx.addIssue({
        code: 'custom',
        message: `angles must cover at least ${MIN_AWARENESS_LEVELS} awareness levels`,
      });
    }
  });

/** The platform a copy variant is written for; `general` when the campaign targets none. */
export type CopyPlatform = PlatformTarget | 'general';

export const copyVariantSchema = z.strictObject({
  angle_id: z.string().nullable(),
  platform: z.string(),
  headline: z.string(),
  primary_text: z.string(),
  description: z.string(),
  cta: z.string(),
  cta_type: z.string().optional(),
  language: z.string().optional(),
});
export type CopyVariant = { angle_id: string | null; platform: CopyPlatform } & Omit<
  z.infer<typeof copyVariantSchema>,
  'angle_id' | 'platform' | 'cta_type' | 'language'
> & { cta_type?: string; language?: string };

export type Recommendations = {
  aspect_ratios: string[];
  suggested_volume: number;
  angles_by_platform: Partial<Record<CopyPlatform, string[]>>;
};

/** What prepare_campaign answers and stores on the campaign. */
export type PreparedCampaign = {
  campaign_id: string;
  copy: CopyVariant[];
  recommendations: Recommendations;
  warnings: string[];
  prepared_at: string;
};

export type AngleForCopy = AngleDraft & { id: string; fact_ids?: readonly string[] };

export type PrepareCopyInput = {
  /** The stored brief the copy is written from: its facts are the only claims the copy may make. */
  brief: BriefForPlanning;
  campaign: {
    name: string;
    cta_text: string;
    offer_text: string;
    platform_target: readonly CopyPlatform[];
  };
  /** The selected angles; none means one general variant per platform. */
  angles: readonly AngleForCopy[];
  brand: { tone_of_voice: string; tagline: string; banned_words: readonly string[] };
  /** Set on the one repair request: the violations of the previous answer. */
  repairNote?: string;
};

/** Copy as a model drafts it, before the copy policy is applied. */
export type DraftCopy = Omit<CopyVariant, 'platform'> & { platform: CopyPlatform };

/** One interface for every text model: the offline engine and Bedrock. */
export interface TextModel {
  readonly id: string;
  /** A model's reading of a research summary into the Brief schema (the offline engine extracts without one). */
  extractBrief?(input: {
    researchSummary: string;
    language: string;
    clientName: string;
    repairNote?: string;
  }): Promise<Omit<BriefFields, 'facts'> & { facts: Omit<BriefFact, 'span'>[] }>;
  /** Exactly ten angles planned from the brief, each with the fact ids it uses, or an error. */
  generateAngles(input: {
    brief: BriefForPlanning;
    /** The brand kit's banned words: no angle may use them. */
    bannedWords?: readonly string[];
    /** The brand kit's tone of voice, for the copy directions. */
    toneOfVoice?: string;
    /** Set on the one repair request: the violations of the previous answer. */
    repairNote?: string;
  }): Promise<PlannedAngle[]>;
  /** A draft per angle (or one general) and platform; the caller holds it to the copy policy. */
  draftCopy(input: PrepareCopyInput): Promise<DraftCopy[]>;
}
