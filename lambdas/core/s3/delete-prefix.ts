import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { retryUntilDone } from '../db/retry.ts';
import type { Deps } from '../deps.ts';

/**
 * Deletes every object under `prefix` (which must end in `/`, so `creatives/a/c1/` never reaches
 * `creatives/a/c10/`), a listed page of up to 1,000 keys at a time, retrying the keys a
 * DeleteObjects call reports as failed. Listing again from the start after each batch is safe:
 * deleted keys are gone. Answers how many objects it deleted.
 */
export async function deleteObjectsUnder(deps: Pick<Deps, 's3' | 'config'>, prefix: string): Promise<number> {
  if (!prefix.endsWith('/') || prefix.split('/').some((part, i, all) => part === '' && i < all.length - 1)) {
    throw new Error(
      `Refusing to delete under '${prefix}': a prefix names whole path segments and ends in '/'.`,
    );
  }
  const bucket = deps.config.bucketName;
  let deleted = 0;
  for (;;) {
    const page = await deps.s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }),
    );
    const found = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (found.length === 0) return deleted;
    await retryUntilDone(
      found,
      async (pending) => {
        const out = await deps.s3.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: pending.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = new Set((out.Errors ?? []).flatMap((e) => (e.Key ? [e.Key] : [])));
        return pending.filter((key) => failed.has(key));
      },
      { baseMs: 100, capMs: 2_000, maxAttempts: 6, what: 'DeleteObjects' },
    );
    deleted += found.length;
  }
}
