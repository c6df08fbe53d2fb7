import * as z from 'zod';

/** Building blocks shared by the action schemas. */
export const id = (what: string) => z.uuid({ error: `${what} must be a UUID` });

export const pagination = {
  limit: z.number().int().min(1).max(100).default(50),
  next_token: z.string().min(1).max(2048).nullish(),
};

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(2048, 'must be at most 2048 characters');

export const trimmed = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

export function pageResult<K extends string, T>(key: K, page: { items: T[]; nextToken: string | null }) {
  return { [key]: page.items, next_token: page.nextToken } as Record<K, T[]> & { next_token: string | null };
}
