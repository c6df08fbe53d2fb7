import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '#api/http.ts';
import { keys } from '#core/db/keys.ts';
import { entities } from '#core/entities/declarations.ts';
import { jobFromItem } from '#core/entities/job.ts';
import { slotFromItem } from '#core/entities/slot.ts';
import { InvalidItemError } from '#core/errors.ts';
import { accessPatterns, withAccessPatternTable } from '../../scripts/lib/data-model.ts';

const slotItem = {
  pk: 'ACCOUNT#a#JOB#j',
  sk: 'SLOT#00000',
  entity: 'slot',
  id: 's',
  account_id: 'a',
  job_id: 'j',
  campaign_id: 'c',
  client_id: 'k',
  index: 0,
  angle_id: null,
  aspect_ratio: '1:1',
  seed: 7,
  status: 'pending',
  s3_key: 'creatives/a/c/j/00000.png',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('declared entities', () => {
  it('reads a valid item into the entity, defaults for attributes older items lack', () => {
    const slot = slotFromItem(slotItem);
    expect(slot).toMatchObject({ id: 's', index: 0, variant: 0, attempts: 0, lease_id: null, quality: null });
    expect(slot).not.toHaveProperty('pk');
  });

  it('refuses an item that does not match its schema with a typed error naming the key and fields', () => {
    const bad = { ...slotItem, index: '0', status: 'done' };
    let error: unknown;
    try {
      slotFromItem(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidItemError);
    const invalid = error as InvalidItemError;
    expect(invalid.entity).toBe('slot');
    expect(invalid.key).toEqual({ pk: 'ACCOUNT#a#JOB#j', sk: 'SLOT#00000' });
    expect(invalid.issues.map((i) => i.path).sort()).toEqual(['index', 'status']);
  });

  it('answers a bad item as the generic 500, with nothing of the item in the body', () => {
    const job = { pk: 'ACCOUNT#a', sk: 'JOB#j', id: 'j', status: 'pending', jobs: 'secret-value' };
    let error: unknown;
    try {
      jobFromItem(job);
    } catch (e) {
      error = e;
    }
    const response = errorResponse(error, 'req-1');
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body).error.code).toBe('internal_error');
    expect(response.body).not.toContain('secret-value');
    expect(response.body).not.toContain('JOB#j');
  });

  it('declares only key builders that exist, and only functions its modules export', async () => {
    for (const entity of entities) {
      for (const key of entity.keys) expect(Object.keys(keys), `${entity.name} key ${key}`).toContain(key);
    }
    for (const pattern of accessPatterns()) {
      const module = await import(/* @vite-ignore */ `../../${pattern.module}`);
      for (const fn of pattern.functions) {
        expect(module[fn], `${pattern.module} exports ${fn}`).toBeDefined();
      }
    }
  });

  it('docs/data-model.md carries the table the declarations generate', async () => {
    const doc = await readFile(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
    expect(withAccessPatternTable(doc)).toBe(doc);
    for (const fn of [
      'revokeApiKey',
      'listApiKeysOfAccount',
      'markJobRunning',
      'releaseLease',
      'savePreparedCampaign',
    ])
      expect(doc).toContain(`[\`${fn}\`]`);
  });
});
