import * as z from 'zod';

/** The queue message: which slot to make. Everything else is read from the table. */
export const slotMessage = z.strictObject({
  v: z.literal(1),
  account_id: z.string().min(1),
  job_id: z.uuid(),
  slot_index: z.number().int().min(0),
});

export type SlotMessage = z.infer<typeof slotMessage>;

export function slotMessageBody(accountId: string, jobId: string, index: number): string {
  return JSON.stringify({
    v: 1,
    account_id: accountId,
    job_id: jobId,
    slot_index: index,
  } satisfies SlotMessage);
}
