import * as z from 'zod';

/** The queue message of an export: it shares the generation queue and its workers (ADR 0042). */
export const exportMessage = z.strictObject({
  v: z.literal(1),
  kind: z.literal('export'),
  account_id: z.string().min(1),
  export_id: z.uuid(),
});
export type ExportMessage = z.infer<typeof exportMessage>;

/** Whether a parsed message body is an export's (slot messages carry no `kind`). */
export function isExportMessage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'export';
}
