import type { Deps } from '../deps.ts';
import type { CampaignExport } from '../entities/export.ts';

/** An export as callers see it: with a presigned download URL once the ZIP is there. */
export async function exportView(deps: Deps, record: CampaignExport) {
  let download: { url: string; expiresAt: string } | undefined;
  if (record.status === 'succeeded') {
    const { presignerFor } = await import('../s3/presign.ts');
    const presigner = await presignerFor(deps.s3, deps.config.endpoints.s3);
    const batch = await presigner.batch(deps.config.bucketName, deps.config.presignTtlSeconds, deps.now());
    download = { url: batch.url(record.s3_key), expiresAt: batch.expiresAt.toISOString() };
  }
  return {
    id: record.id,
    campaign_id: record.campaign_id,
    include: record.include,
    status: record.status,
    download_url: download?.url ?? null,
    download_url_expires_at: download?.expiresAt ?? null,
    bytes: record.bytes,
    creatives: record.creatives,
    meta_rows: record.meta_rows,
    google_rows: record.google_rows,
    failure_reason: record.failure_reason,
    created_at: record.created_at,
    updated_at: record.updated_at,
    completed_at: record.completed_at,
  };
}
