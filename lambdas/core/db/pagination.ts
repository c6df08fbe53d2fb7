import { ValidationError } from '../errors.ts';

export type Page<T> = { items: T[]; nextToken: string | null };

type Key = Record<string, string>;

/**
 * `next_token` is the DynamoDB start key, base64url-encoded. It is opaque to callers; on the way
 * back it is checked to be a flat string map whose partition key is the one the query is about,
 * so a token from another list (or another account) is a 400, never a read of foreign data.
 */
export function encodeNextToken(lastKey: Record<string, unknown> | undefined): string | null {
  if (!lastKey) return null;
  return Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url');
}

export function decodeNextToken(
  token: string | undefined | null,
  expected: { attribute: string; value: string },
): Key | undefined {
  if (token === undefined || token === null) return undefined;
  const invalid = new ValidationError('next_token is not valid for this list.', [
    { path: 'next_token', message: 'Pass back the next_token of the previous page unchanged.' },
  ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid;
  const entries = Object.entries(parsed);
  if (entries.length === 0 || entries.length > 6 || entries.some(([, v]) => typeof v !== 'string'))
    throw invalid;
  const key = parsed as Key;
  if (key[expected.attribute] !== expected.value) throw invalid;
  return key;
}
