import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { queryCollection } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { type Slot, slotFromItem } from '../entities/slot.ts';
import { slotMessageBody } from './messages.ts';

/**
 * Re-enqueues every unfinished slot of every open job whose lease is free or expired: after a
 * restart of the local stack, work that was in flight completes with exactly its images. Safe to
 * run at any time — a duplicate message finds its slot claimed or final and does nothing.
 * Answers how many messages were sent.
 */
export async function redriveOpenJobs(deps: Deps): Promise<number> {
  const now = deps.now().toISOString();
  let sent = 0;
  let jobsToken: string | null = null;
  do {
    const jobs: Page<{ accountId: string; jobId: string }> = await queryCollection(
      deps.ddb,
      deps.config.tableName,
      keys.openJobs(),
      { limit: 100, nextToken: jobsToken },
      (item) => ({ accountId: String(item.account_id), jobId: String(item.id) }),
    );
    for (const job of jobs.items) {
      let slotsToken: string | null = null;
      do {
        const slots: Page<Slot> = await queryCollection(
          deps.ddb,
          deps.config.tableName,
          keys.slotsOfJob(job.accountId, job.jobId),
          { limit: 100, nextToken: slotsToken },
          slotFromItem,
        );
        const due = slots.items.filter(
          (s) => s.status === 'pending' || (s.status === 'running' && (s.lease_until ?? '') < now),
        );
        for (let i = 0; i < due.length; i += 10) {
          const chunk = due.slice(i, i + 10);
          await deps.sqs.send(
            new SendMessageBatchCommand({
              QueueUrl: deps.config.queueUrl,
              Entries: chunk.map((s) => ({
                Id: String(s.index),
                MessageBody: slotMessageBody(s.account_id, s.job_id, s.index),
              })),
            }),
          );
          sent += chunk.length;
        }
        slotsToken = slots.nextToken;
      } while (slotsToken);
    }
    jobsToken = jobs.nextToken;
  } while (jobsToken);
  return sent;
}
