import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API keys look like `adg_live_<key id>_<secret><checksum>`:
 * - the `adg_` prefix and `_` separators let secret scanners find leaked keys and let a
 *   double-click select the whole key;
 * - the key id (12 base62) is public and locates the stored hash with one GetItem;
 * - the secret (32 base62 ≈ 190 bits from the CSPRNG) is never stored, only its SHA-256 (a
 *   secret of that entropy needs no slow hash);
 * - the checksum (CRC32 of everything before it, 6 base62) lets a mistyped or forged key be
 *   refused before any database read.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_ID_LENGTH = 12;
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(
  `^adg_([a-z0-9]{2,12})_([0-9A-Za-z]{${KEY_ID_LENGTH}})_([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);

/** Uniform base62 from the CSPRNG: bytes ≥ 248 are dropped so `% 62` has no bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function toBase62(value: number, width: number): string {
  let n = value;
  let out = '';
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(width, '0');
}

function checksum(body: string): string {
  return toBase62(crc32(body) >>> 0, CHECKSUM_LENGTH);
}

export type ParsedApiKey = { env: string; keyId: string; plaintext: string };

export type IssuedApiKey = ParsedApiKey & { hash: string; prefix: string; last4: string };

export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

/** Mints a new key for an environment tag; only the returned `plaintext` can ever use it. */
export function issueApiKey(env: string): IssuedApiKey {
  const keyId = randomBase62(KEY_ID_LENGTH);
  const body = `adg_${env}_${keyId}_${randomBase62(SECRET_LENGTH)}`;
  const plaintext = `${body}${checksum(body)}`;
  return {
    env,
    keyId,
    plaintext,
    hash: hashApiKey(plaintext),
    prefix: `adg_${env}_${keyId}`,
    last4: plaintext.slice(-4),
  };
}

/** Format and checksum only: no I/O. Returns undefined for anything that is not a key of ours. */
export function parseApiKey(candidate: string): ParsedApiKey | undefined {
  const match = KEY_PATTERN.exec(candidate);
  if (!match) return undefined;
  const [, env, keyId, secret, sum] = match;
  if (env === undefined || keyId === undefined || secret === undefined || sum === undefined) return undefined;
  if (checksum(`adg_${env}_${keyId}_${secret}`) !== sum) return undefined;
  return { env, keyId, plaintext: candidate };
}

/** Constant-time comparison of a presented key against a stored SHA-256 hex digest. */
export function apiKeyMatchesHash(plaintext: string, storedHashHex: string): boolean {
  const presented = Buffer.from(hashApiKey(plaintext), 'hex');
  const stored = Buffer.from(storedHashHex, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
