/** Fields every result schema shares (results.ts and the per-area result modules beside it). */
import * as z from 'zod';

export const uuid = z.string().describe('A UUIDv7.');
export const timestamp = z.string().describe('ISO-8601 UTC timestamp.');
export const nextToken = z
  .string()
  .nullable()
  .describe('Pass it back as `next_token` for the next page; `null` on the last page.');
