import type { BriefFact, BriefFields } from '../brief/schema.ts';
import type { AngleDraft, CopyPlatform, CopyVariant, PlannedAngle } from './plan.schema.ts';

export * from './plan.schema.ts';

/** A stored brief with the research summary it was read from: what angles are planned from. */
export type BriefForPlanning = BriefFields & { research_summary: string };

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
