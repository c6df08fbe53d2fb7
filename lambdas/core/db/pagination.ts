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

/** What a token must look like to be a start key of the list being read. */
export type TokenShape = {
  /** The partition key attribute of the table or index queried (`pk`, `gsi1pk`, …). */
  attribute: string;
  /** The partition being read: the token's must be exactly this. */
  value: string;
  /** The sort key attribute queried and the prefix every key of the list has. */
  sortAttribute?: string;
  sortPrefix?: string;
};

/** DynamoDB's own limit for a sort key (a partition key allows 2048): longer is a 5xx from it. */
const MAX_KEY_BYTES = 1024;
// Keys the service writes never hold control characters; a token that does was made by hand.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Accepts only a start key the query itself could have produced: exactly the table's key
 * attributes (plus the index's, for an index), each a non-empty string within DynamoDB's key
 * size, with the queried partition and the list's sort key prefix. Anything else — a missing or
 * empty `sk`, an extra attribute, another list's key — would make DynamoDB answer a
 * ValidationException (a 500 here), so it is a 400 `validation_error` instead.
 */
export function decodeNextToken(token: string | undefined | null, expected: TokenShape): Key | undefined {
  if (token === undefined || token === null) return undefined;
  const invalid = new ValidationError('next_token is not valid for this list.', [
    { path: 'next_token', message: 'Pass back the next_token of the previous page unchanged.' },
  ]);
  if (token.length === 0 || token.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(token)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid;
  const sortAttribute = expected.sortAttribute ?? 'sk';
  const required = new Set(['pk', 'sk', expected.attribute, sortAttribute]);
  const entries = Object.entries(parsed);
  if (entries.length !== required.size) throw invalid;
  for (const [name, value] of entries) {
    if (!required.has(name) || typeof value !== 'string' || value.length === 0) throw invalid;
    if (Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES || CONTROL.test(value)) throw invalid;
  }
  const key = parsed as Key;
  if (key[expected.attribute] !== expected.value) throw invalid;
  if (expected.sortPrefix !== undefined && !key[sortAttribute]?.startsWith(expected.sortPrefix))
    throw invalid;
  // Every item of the table lives under an account or an API key partition; an item listed in
  // an account's collection lives under that same account.
  if (!/^(ACCOUNT|APIKEY)#/.test(key.pk ?? '')) throw invalid;
  const owner = /^ACCOUNT#[^#]+/.exec(expected.value)?.[0];
  if (owner && key.pk !== owner && !key.pk?.startsWith(`${owner}#`)) throw invalid;
  return key;
}
