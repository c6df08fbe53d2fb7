import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { Deps } from '../deps.ts';
import { slotMessageBody } from './messages.ts';

export type SlotRef = { accountId: string; jobId: string; index: number };

/**
 * Sends one message per slot, 10 per call. Every message carries `MessageGroupId` = the account
 * id: on a standard queue that makes it an SQS fair queue, so one tenant's large batch does not
 * hold back another tenant's few images. Adds each slot SQS accepted to `enqueued`, then throws
 * if SQS refused any (the caller fails and releases what was not sent).
 */
export async function enqueueSlots(
  deps: Deps,
  slots: readonly SlotRef[],
  enqueued: Set<string> = new Set(),
  onProgress: (sent: number) => Promise<void> = async () => {},
): Promise<Set<string>> {
  for (let i = 0; i < slots.length; i += 10) {
    const chunk = slots.slice(i, i + 10);
    const out = await deps.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: deps.config.queueUrl,
        Entries: chunk.map((s, n) => ({
          Id: String(n),
          MessageBody: slotMessageBody(s.accountId, s.jobId, s.index),
          MessageGroupId: s.accountId,
        })),
      }),
    );
    for (const ok of out.Successful ?? []) {
      const slot = chunk[Number(ok.Id)];
      if (slot) enqueued.add(slotRefKey(slot));
    }
    if ((out.Failed ?? []).length > 0) {
      throw new Error(`SQS refused ${out.Failed?.length} of ${chunk.length} messages.`);
    }
    await onProgress(Math.min(slots.length, i + 10));
  }
  return enqueued;
}

export const slotRefKey = (s: SlotRef) => `${s.accountId}/${s.jobId}/${s.index}`;
