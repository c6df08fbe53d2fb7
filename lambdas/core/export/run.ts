import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Deps } from '../deps.ts';
import { type CampaignExport, finishExport, getExport, startExport } from '../entities/export.ts';
import { eventOutbox } from '../webhooks/emit.ts';
import { buildExport } from './build.ts';
import type { ExportMessage } from './messages.ts';

/** Queues an export for the workers. */
export async function enqueueExport(deps: Deps, record: CampaignExport): Promise<void> {
  await deps.sqs.send(
    new SendMessageCommand({
      QueueUrl: deps.config.queueUrl,
      MessageBody: JSON.stringify({
        v: 1,
        kind: 'export',
        account_id: record.account_id,
        export_id: record.id,
      } satisfies ExportMessage),
    }),
  );
}

export type ExportRunOutcome = 'succeeded' | 'failed' | 'skipped';

/**
 * Builds one export and puts the ZIP at its key; a redelivery of a crashed build builds it again
 * over the same key. A campaign deleted meanwhile fails the export with a reason.
 */
export async function runExport(deps: Deps, message: ExportMessage): Promise<ExportRunOutcome> {
  const record = await getExport(deps, message.account_id, message.export_id);
  if (!record || !(await startExport(deps, record))) return 'skipped';
  const built = await buildExport(deps, record);
  if (!built) {
    await finishExport(
      deps,
      { ...record, status: 'running' },
      {
        status: 'failed',
        reason: 'campaign_deleted: the campaign no longer exists',
      },
      exportCompleted(deps, record.account_id),
    );
    return 'failed';
  }
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.config.bucketName,
      Key: record.s3_key,
      Body: built.zip,
      ContentType: 'application/zip',
    }),
  );
  const done = await finishExport(
    deps,
    { ...record, status: 'running' },
    {
      status: 'succeeded',
      bytes: built.zip.byteLength,
      creatives: built.creatives,
      metaRows: built.metaRows,
      googleRows: built.googleRows,
    },
    exportCompleted(deps, record.account_id),
  );
  return done ? 'succeeded' : 'skipped';
}

/**
 * An export message that exhausted its deliveries (the DLQ consumer): its export, if still
 * pending or running, ends `failed` with `export.completed`, so a caller polling get_export or
 * waiting for the event is not left waiting.
 */
export async function failExportFromDeadLetter(deps: Deps, message: ExportMessage): Promise<boolean> {
  const record = await getExport(deps, message.account_id, message.export_id);
  if (!record || (record.status !== 'pending' && record.status !== 'running')) return false;
  return finishExport(
    deps,
    record,
    {
      status: 'failed',
      reason: 'retries_exhausted: the export could not be built after every retry',
    },
    exportCompleted(deps, record.account_id),
  );
}

/** The `export.completed` event, written with the final status (it carries the id; the record is read when sent). */
const exportCompleted = (deps: Deps, accountId: string) =>
  eventOutbox<CampaignExport>(deps, accountId, (r) => ({
    type: 'export.completed',
    data: { export_id: r.id },
  }));
