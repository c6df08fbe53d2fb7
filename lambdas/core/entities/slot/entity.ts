import { crc32 } from 'node:zlib';
import { v5 as uuidv5 } from 'uuid';
import * as z from 'zod';
import type { CreativeQuality } from '../../creative/quality.schema.ts';
import { defineEntity } from '../../db/entity.ts';
import { keys, slotIndexPart, sortKeyIn } from '../../db/keys.ts';
import { nullableNumber, nullableString } from '../../db/zod-fields.ts';
import type { Provenance } from '../../provenance/provenance.schema.ts';

export const SLOT_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** One image of a job. A creative is a slot seen from the caller's side. */
export type Slot = {
  id: string;
  account_id: string;
  job_id: string;
  campaign_id: string;
  client_id: string;
  index: number;
  angle_id: string | null;
  aspect_ratio: string;
  /** Which repeat of its angle × ratio combination (0-based): slots of one variant share a visual. */
  variant: number;
  seed: number;
  status: SlotStatus;
  attempts: number;
  lease_id: string | null;
  lease_until: string | null;
  s3_key: string;
  width: number | null;
  height: number | null;
  bytes: number | null;
  model: string | null;
  /** How much the shared model visual was enlarged for this creative (1 = not at all). */
  upscale: number | null;
  failure_reason: string | null;
  /** Set on the creative of a regenerate_creative job: the creative it redoes. */
  regenerated_from: string | null;
  /** What the creative measured after composing (see lambdas/core/creative/quality.ts). */
  quality: CreativeQuality | null;
  /** The client's decision on the creative (ADR 0040); unreviewed until someone decides. */
  review_state: ReviewState;
  review_note: string | null;
  /** Who decided: `api_key:<id>`, `user:<sub>` or `review_link:<id>`. */
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** The marks written into the PNG (ADR 0041); null for a slot without an image, or made before marking. */
  provenance: Provenance | null;
  created_at: string;
  updated_at: string;
};

export const REVIEW_STATES = ['unreviewed', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const SLOT_NAMESPACE = '5f0c3e55-8a4e-4c1e-9a65-5c3b2f7d4e10';

/** The slot's id: the same job and index always give the same id (logs name slots by it). */
export function slotId(jobId: string, index: number): string {
  return uuidv5(`${jobId}/${index}`, SLOT_NAMESPACE);
}

/** Deterministic identity: the same job and index always give the same id, seed and S3 key. */
export function slotIdentity(accountId: string, campaignId: string, jobId: string, index: number) {
  const id = slotId(jobId, index);
  // Stability accepts seeds 0..4294967294; 0 means random, so stay in 1..4294967294.
  const seed = (crc32(`${jobId}/${index}`) % 4294967294) + 1;
  const s3Key = `creatives/${accountId}/${campaignId}/${jobId}/${slotIndexPart(index)}.png`;
  return { id, seed, s3Key };
}

type Group = 'pending' | 'succeeded' | 'failed';
const groupOf = (status: Exclude<SlotStatus, 'cancelled'>): Group =>
  status === 'running' ? 'pending' : status;

/** One image of a batch as dispatch plans it (generation/batch.ts). */
export type SlotPlan = {
  /** 0-based position in the batch; the slot id and S3 key derive from it. */
  index: number;
  angleId: string | null;
  aspectRatio: string;
  /** Which repeat of this angle × ratio combination (0-based). */
  repeat: number;
};

/** The state group a slot is listed in; a cancelled slot is in none (only `all` lists it). */
export function groupKeys(
  slot: Pick<Slot, 'account_id' | 'campaign_id' | 'index' | 'id'>,
  status: Exclude<SlotStatus, 'cancelled'>,
  at: string,
) {
  const c = keys.creativesOfCampaign(slot.account_id, slot.campaign_id, groupOf(status));
  return { gsi1pk: c.partition, gsi1sk: sortKeyIn(c, at, slotIndexPart(slot.index), slot.id) };
}

const slotSchema: z.ZodType<Slot> = z.object({
  id: z.string(),
  account_id: z.string(),
  job_id: z.string(),
  campaign_id: z.string(),
  client_id: z.string(),
  index: z.number().int().nonnegative(),
  angle_id: nullableString,
  aspect_ratio: z.string(),
  variant: z.number().int().default(0),
  seed: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  attempts: z.number().int().default(0),
  lease_id: nullableString,
  lease_until: nullableString,
  s3_key: z.string(),
  width: nullableNumber,
  height: nullableNumber,
  bytes: nullableNumber,
  model: nullableString,
  upscale: nullableNumber,
  failure_reason: nullableString,
  regenerated_from: nullableString,
  quality: z
    .custom<CreativeQuality>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .nullish()
    .transform((v) => v ?? null),
  review_state: z.enum(REVIEW_STATES).default('unreviewed'),
  review_note: nullableString,
  reviewed_by: nullableString,
  reviewed_at: nullableString,
  provenance: z
    .object({
      ai_generated: z.boolean(),
      digital_source_type: z.string(),
      c2pa: z.enum(['embedded', 'none']),
    })
    .nullish()
    .transform((v) => v ?? null),
  created_at: z.string(),
  updated_at: z.string(),
});

export const slotEntity = defineEntity({
  name: 'slot',
  module: 'lambdas/core/entities/slot.ts',
  schema: slotSchema,
  keys: ['slot', 'slotsOfJob', 'creativeById', 'creativesOfCampaign', 'allCreativesOfCampaign'],
  patterns: [
    {
      does: "write a job's slots, each with its creative pointer",
      operation:
        'TransactWrite of 49 slots with their `CREATIVE#<id>` pointers + ConditionCheck job live (no `deleting_at`), conflicts retried',
      consistency: '–',
      functions: ['writeSlots'],
    },
    {
      does: 'write a missing slot (reconciler, failed dispatch)',
      operation: 'TransactWrite: Put slot `attribute_not_exists(pk)` + Put pointer + ConditionCheck job live',
      consistency: '–',
      functions: ['createSlotIfMissing'],
    },
    {
      does: 'get a creative (its slot) by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = CREATIVE#<id>` (the pointer), then GetItem of the slot',
      consistency: 'strong',
      functions: ['getSlotByCreativeId'],
    },
    {
      does: 'get a slot',
      operation: 'GetItem `pk = ACCOUNT#<a>#JOB#<j>, sk = SLOT#<index>`',
      consistency: 'strong',
      functions: ['getSlot'],
    },
    {
      does: "read a job's slots",
      operation: 'Query `pk = ACCOUNT#<a>#JOB#<j> AND begins_with(sk, SLOT#)`',
      consistency: 'strong',
      functions: ['slotsOfJob'],
    },
    {
      does: 'claim a slot',
      operation: 'UpdateItem `status = pending OR (status = running AND lease_until < :now)`',
      consistency: '–',
      functions: ['claimSlot'],
    },
    {
      does: 'settle a slot with its credit',
      operation:
        'TransactWrite: slot `running → succeeded` (lease held) + account `reserved → used` + job counter (job live); or slot `→ failed` + `reserved → available` + job counters; + one `creative.*` webhook event (the outbox) when any endpoint subscribes',
      consistency: '–',
      functions: ['settleSlot'],
    },
    {
      does: "cancel a job's slots that have not started, returning their credits",
      operation:
        'TransactWrite (25 slots a call): each slot `status = pending → cancelled` (off gsi1) + account `reserved → available` by n + job `cancelled + n` (job live); a slot claimed meanwhile is dropped and the rest retried',
      consistency: '–',
      functions: ['cancelSlots'],
    },
    {
      does: "find the jobs of a campaign's creatives (a deletion sweep, jobs older than the jobs index included)",
      operation: 'Query gsi2 `gsi2pk = …#CREATIVES`, projecting `job_id`',
      consistency: 'eventual (GSI)',
      functions: ['jobIdsOfCampaignCreatives'],
    },
    {
      does: 'give a slot back after a transient failure',
      operation: 'UpdateItem `running → pending`, `lease_id = :lease`',
      consistency: '–',
      functions: ['releaseLease'],
    },
    {
      does: 'record the review decision on a creative',
      operation:
        'TransactWrite: slot UpdateItem `attribute_exists(pk) AND status = succeeded` (review_state, note, who, when) + a Put per subscribed `creative.reviewed` webhook delivery',
      consistency: '–',
      functions: ['reviewCreative'],
      module: 'lambdas/core/entities/creative-review.ts',
    },
    {
      does: "list a campaign's creatives in a state (and review state), newest first",
      operation:
        'Query gsi1 `gsi1pk = …#CREATIVES#<state>`; with a review state, FilterExpression `review_state = :r` (unreviewed: or absent)',
      consistency: 'eventual (GSI)',
      functions: ['listCreativesOfCampaign'],
      module: 'lambdas/core/entities/creative.ts',
    },
    {
      does: "list all of a campaign's creatives",
      operation: 'Query gsi2 `gsi2pk = …#CREATIVES`',
      consistency: 'eventual (GSI)',
      functions: ['listCreativesOfCampaign'],
      module: 'lambdas/core/entities/creative.ts',
    },
  ],
});

export const slotFromItem = slotEntity.fromItem;
