import * as z from 'zod';
import type { PlatformTarget } from '../platforms.ts';

/**
 * The stored shapes of the text feature's output (angles, prepared copy): schema, so the entities
 * that store them depend on this module and not on the text feature.
 */

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
