import { crc32 } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  claimVisual,
  getVisualMarker,
  releaseVisual,
  settleVisual,
  type VisualRef,
} from '#core/entities/shared-visual.ts';
import type { Slot } from '#core/entities/slot.ts';
import {
  type ImageModel,
  PermanentImageError,
  TransientImageError,
  type VisualRequest,
} from '#core/images/types.ts';

import type { VisualPlan } from '#core/images/visual-plan.ts';

export { planVisual, type VisualPlan } from '#core/images/visual-plan.ts';

/** Where a shared visual lives: deterministic, so every sibling and redelivery finds the same one. */
export function sharedVisualKey(slot: Slot, family: string): { s3Key: string; visualKey: string } {
  const visualKey = `${slot.angle_id ?? 'none'}#${slot.variant}#${family}`;
  return {
    visualKey,
    s3Key: `visuals/${slot.account_id}/${slot.campaign_id}/${slot.job_id}/${slot.angle_id ?? 'none'}-${slot.variant}-${family}.png`,
  };
}

/** One seed per shared visual (Stability takes 1..4294967294; 0 would mean random). */
export function sharedVisualSeed(slot: Slot, family: string): number {
  return (crc32(`${slot.job_id}/${slot.angle_id ?? 'none'}/${slot.variant}/${family}`) % 4294967294) + 1;
}

export type SharedVisualDeps = Parameters<typeof getVisualMarker>[0] & {
  imageModel: ImageModel;
  leaseMs: number;
  /** How long a slot waits for a sibling that is making the visual before retrying later. */
  visualWaitMs: number;
};

/**
 * The shared visual's bytes, made at most once per job, angle, variant and family:
 * 1. the object in S3 (made earlier, by a sibling or an earlier delivery) is used as it is;
 * 2. a marker `failed` fails this slot too, with the same reason (siblings fail together);
 * 3. otherwise the slot claims the marker (conditional put) and calls the model, stores the
 *    object, then marks it ready; a sibling holding the claim is waited for, polling.
 * A permanent model error, or a transient one on the last delivery, marks the visual failed so
 * every sibling fails with the reason and its credit is released; another transient error
 * gives the claim back and retries with the slot. The rare duplicate call (a worker that dies
 * after the model answered and before the put, its lease then taken over) is accepted.
 */
export async function obtainSharedVisual(
  deps: SharedVisualDeps,
  slot: Slot,
  plan: VisualPlan,
  request: Omit<VisualRequest, 'width' | 'height' | 'aspectRatio' | 'seed'>,
  lastChance: boolean,
): Promise<{ png: Buffer; model: string; madeHere: boolean }> {
  const { s3Key, visualKey } = sharedVisualKey(slot, plan.family);
  const ref: VisualRef = { accountId: slot.account_id, jobId: slot.job_id, visualKey };
  const deadline = Date.now() + deps.visualWaitMs;
  for (;;) {
    const stored = await readObject(deps, s3Key);
    if (stored) return { png: stored, model: deps.imageModel.id, madeHere: false };
    const marker = await getVisualMarker(deps, ref);
    if (marker?.status === 'failed') {
      const [code, ...rest] = marker.reason.split(':');
      throw new PermanentImageError(code ?? 'model_failed', `shared visual failed: ${rest.join(':').trim()}`);
    }
    const leaseId = await claimVisual(deps, ref, deps.leaseMs);
    if (!leaseId) {
      if (Date.now() > deadline)
        throw new TransientImageError('the shared visual is still being made by another slot');
      await new Promise((r) => setTimeout(r, 400));
      continue;
    }
    try {
      const visual = await deps.imageModel.generate({
        ...request,
        width: plan.native.width,
        height: plan.native.height,
        aspectRatio: plan.modelRatio,
        seed: sharedVisualSeed(slot, plan.family),
      });
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.config.bucketName,
          Key: s3Key,
          Body: visual.png,
          ContentType: 'image/png',
        }),
      );
      await settleVisual(deps, ref, leaseId, { status: 'ready' });
      return { png: visual.png, model: visual.model, madeHere: true };
    } catch (error) {
      if (error instanceof PermanentImageError) {
        await settleVisual(deps, ref, leaseId, {
          status: 'failed',
          reason: `${error.reason}: ${error.message}`,
        });
      } else if (lastChance) {
        const why = error instanceof Error ? error.message : String(error);
        await settleVisual(deps, ref, leaseId, { status: 'failed', reason: `retries_exhausted: ${why}` });
      } else {
        await releaseVisual(deps, ref, leaseId);
      }
      throw error;
    }
  }
}

async function readObject(deps: SharedVisualDeps, key: string): Promise<Buffer | undefined> {
  try {
    const out = await deps.s3.send(new GetObjectCommand({ Bucket: deps.config.bucketName, Key: key }));
    return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return undefined;
    throw error;
  }
}
