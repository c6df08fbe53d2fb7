import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { accountFromItem } from '#core/entities/account.ts';
import { apiKeyFromItem } from '#core/entities/api-key.ts';
import { idempotencyRecordEntity } from '#core/entities/idempotency-record.ts';
import { InvalidItemError } from '#core/errors.ts';
import * as s from '#core/small-schema.ts';

const issuesOf = (schema: s.StandardSchema, value: unknown) => {
  const r = s.validate(schema, value);
  return r.ok ? [] : r.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('small-schema (the cold path validator, ADR 0011)', () => {
  const record = s.object({
    id: s.string({ min: 1 }),
    n: s.withDefault(s.number({ int: true, min: 0 }), 0),
    note: s.nullable(s.string()),
    kind: s.optional(s.oneOf(['a', 'b'])),
  });

  it('keeps the declared keys, fills defaults and nulls, drops the rest', () => {
    expect(s.validate(record, { id: 'x', pk: 'P', extra: 1 })).toEqual({
      ok: true,
      value: { id: 'x', n: 0, note: null },
    });
    expect(s.validate(record, { id: 'x', n: 3, note: 'hi', kind: 'b' })).toEqual({
      ok: true,
      value: { id: 'x', n: 3, note: 'hi', kind: 'b' },
    });
  });

  it('reports every bad field with its path, in the words zod uses for the same mistakes', () => {
    const bad = { id: '', n: 1.5, note: 7, kind: 'c' };
    const ours = issuesOf(record, bad);
    const zods = issuesOf(
      z.object({
        id: z.string().min(1),
        n: z.number().int().min(0).default(0),
        note: z.string().nullish(),
        kind: z.enum(['a', 'b']).optional(),
      }),
      bad,
    );
    expect(ours).toEqual([
      'id: Too small: expected string to have >=1 characters',
      'n: Invalid input: expected int, received number',
      'note: Invalid input: expected string, received number',
      'kind: Invalid option: expected one of "a"|"b"',
    ]);
    expect(ours).toEqual(zods);
  });

  it('coerces numbers from strings, checks URLs, maps and pipes', () => {
    const env = s.object({
      TTL: s.number({ coerce: true, int: true, min: 60, max: 600 }),
      URL: s.optional(s.url()),
      LEVEL: s.pipe(
        s.map(s.string(), (v) => v.toUpperCase()),
        s.oneOf(['INFO', 'DEBUG']),
      ),
    });
    expect(s.validate(env, { TTL: '120', LEVEL: 'debug' })).toEqual({
      ok: true,
      value: { TTL: 120, LEVEL: 'DEBUG' },
    });
    expect(issuesOf(env, { TTL: '30', URL: 'not a url', LEVEL: 'loud' })).toEqual([
      'TTL: Too small: expected number to be >=60',
      'URL: Invalid URL',
      'LEVEL: Invalid option: expected one of "INFO"|"DEBUG"',
    ]);
    expect(issuesOf(env, { TTL: 'abc', LEVEL: 'INFO' })).toEqual([
      'TTL: Invalid input: expected number, received NaN',
    ]);
  });

  it('chooses a shape by its discriminator and refuses an unknown one', () => {
    const u = s.discriminated('state', {
      on: s.object({ level: s.number() }),
      off: s.object({}),
    });
    expect(s.validate(u, { state: 'on', level: 2 })).toEqual({ ok: true, value: { level: 2 } });
    expect(issuesOf(u, { state: 'on' })).toEqual([
      'level: Invalid input: expected number, received undefined',
    ]);
    expect(issuesOf(u, { state: 'dim' })).toEqual(['state: Invalid input: expected one of "on"|"off"']);
  });

  it('validates zod schemas too, through Standard Schema, with plain-key paths', () => {
    const zs = z.object({ a: z.array(z.number()) });
    expect(s.validate(zs, { a: [1] })).toEqual({ ok: true, value: { a: [1] } });
    const r = s.validate(zs, { a: [1, 'x'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual([['a', 1]]);
  });
});

describe('the entities authentication reads, declared with small-schema', () => {
  const key = {
    pk: 'APIKEY#k',
    sk: 'APIKEY',
    id: 'k',
    account_id: 'a',
    name: 'ci',
    hash: 'h',
    prefix: 'adg_live_k',
    last4: 'abcd',
    created_at: '2026-01-01T00:00:00.000Z',
  };

  it('reads an API key item, absent dates as null, and refuses a bad one with a typed error', () => {
    expect(apiKeyFromItem(key)).toEqual({
      id: 'k',
      account_id: 'a',
      name: 'ci',
      hash: 'h',
      prefix: 'adg_live_k',
      last4: 'abcd',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    });
    let error: unknown;
    try {
      apiKeyFromItem({ ...key, hash: 5, revoked_at: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidItemError);
    expect((error as InvalidItemError).key).toEqual({ pk: 'APIKEY#k', sk: 'APIKEY' });
    expect((error as InvalidItemError).issues.map((i) => i.path)).toEqual(['hash', 'revoked_at']);
  });

  it('reads an account into its credits, missing counters as 0', () => {
    expect(
      accountFromItem({
        id: 'a',
        credits_available: 10,
        created_at: 't0',
        updated_at: 't1',
        owner_status: 'x',
      }),
    ).toEqual({
      id: 'a',
      credits: { available: 10, reserved: 0, used: 0 },
      created_at: 't0',
      updated_at: 't1',
    });
    expect(() =>
      accountFromItem({ id: 'a', credits_available: 1.5, created_at: 't', updated_at: 't' }),
    ).toThrow(InvalidItemError);
  });

  it('reads both states of an idempotency record', () => {
    const base = { pk: 'p', sk: 's', action: 'create_client', fingerprint: 'f' };
    expect(idempotencyRecordEntity.fromItem({ ...base, state: 'in_progress', lease_until_ms: 5 })).toEqual({
      state: 'in_progress',
      action: 'create_client',
      fingerprint: 'f',
      leaseUntilMs: 5,
    });
    expect(
      idempotencyRecordEntity.fromItem({
        ...base,
        state: 'completed',
        response_status: 200,
        response_body: '{}',
      }),
    ).toEqual({ state: 'completed', action: 'create_client', fingerprint: 'f', status: 200, body: '{}' });
    expect(() => idempotencyRecordEntity.fromItem({ ...base, state: 'done' })).toThrow(InvalidItemError);
  });
});
