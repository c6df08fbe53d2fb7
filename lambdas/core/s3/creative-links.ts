import type { Deps } from '../deps.ts';
import { type Creative, type ImageLink, toCreative } from '../entities/creative.ts';
import type { Slot } from '../entities/slot.ts';

/**
 * Creatives as callers see them, each finished one with a presigned image URL. The presigner is
 * loaded only when some slot has an image (the router's other actions never need it) and signs
 * the whole batch with one resolution of the credentials and one cached signing key.
 */
export async function creativesWithLinks(deps: Deps, slots: readonly Slot[]): Promise<Creative[]> {
  let link: (s3Key: string) => ImageLink = () => {
    throw new Error('a slot without an image has no link');
  };
  if (slots.some((slot) => slot.status === 'succeeded')) {
    const { presignerFor } = await import('./presign.ts');
    const presigner = await presignerFor(deps.s3, deps.config.endpoints.s3);
    const batch = await presigner.batch(deps.config.bucketName, deps.config.presignTtlSeconds, deps.now());
    const expiresAt = batch.expiresAt.toISOString();
    link = (s3Key) => ({ url: batch.url(s3Key), expiresAt });
  }
  return slots.map((slot) => toCreative(slot, link));
}
