import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiKeyMatchesHash,
  hashApiKey,
  issueApiKey,
  parseApiKey,
  randomBase62,
} from '#core/auth/api-key-format.ts';

describe('API key format', () => {
  it('issues keys of the documented shape that parse back to their id', () => {
    const issued = issueApiKey('live');
    expect(issued.plaintext).toMatch(/^adg_live_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(issued.prefix).toBe(`adg_live_${issued.keyId}`);
    expect(issued.last4).toBe(issued.plaintext.slice(-4));
    expect(parseApiKey(issued.plaintext)).toEqual({
      env: 'live',
      keyId: issued.keyId,
      plaintext: issued.plaintext,
    });
  });

  it('never stores the key itself: the hash is a SHA-256 digest that matches only that key', () => {
    const issued = issueApiKey('local');
    expect(issued.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.hash).not.toContain(issued.plaintext);
    expect(apiKeyMatchesHash(issued.plaintext, issued.hash)).toBe(true);
    expect(apiKeyMatchesHash(issueApiKey('local').plaintext, issued.hash)).toBe(false);
  });

  it('refuses any single-character typo through the checksum, before any lookup', () => {
    const key = issueApiKey('live').plaintext;
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    fc.assert(
      fc.property(fc.integer({ min: 'adg_live_'.length, max: key.length - 1 }), fc.nat(60), (pos, shift) => {
        const current = key[pos] as string;
        if (current === '_') return;
        const replacement = alphabet[(alphabet.indexOf(current) + 1 + shift) % 62] as string;
        const typo = key.slice(0, pos) + replacement + key.slice(pos + 1);
        expect(parseApiKey(typo)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses strings that are not keys of ours', () => {
    for (const bad of ['', 'adg_live_', 'sk_live_abc', `${issueApiKey('live').plaintext}x`, 'Bearer x']) {
      expect(parseApiKey(bad)).toBeUndefined();
    }
  });

  it('draws secrets from the whole base62 alphabet without obvious bias', () => {
    const sample = randomBase62(62 * 400);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(250);
    expect(hashApiKey('a')).not.toBe(hashApiKey('b'));
  });
});
