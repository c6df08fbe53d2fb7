import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { type CliRun, runAdgen } from './cli-runner.ts';

let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-cli-brief-'));
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 0 });
});
afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** `adgen <args> --json` against the local stack; resolves with the exit code and parsed output. */
function adgenJson(args: string[]): Promise<CliRun> {
  return runAdgen(dataDir, [...args, '--json']);
}

describe('adgen brief', () => {
  it('reads a client’s brief, corrects a fact and generates angles from the correction', async () => {
    const client = (await adgenJson(['clients', 'create', 'Pellow Bikes'])).json.client.id as string;
    const summary =
      'Pellow Bikes repairs and services bicycles in Truro. Proof points: 4.5/5 from 210 reviews; same-day repairs. Offer: free safety check.';
    const generated = await adgenJson(['angles', 'generate', '--client', client, '--summary', summary]);
    expect(generated.code, generated.stderr).toBe(0);

    const got = await adgenJson(['brief', 'get', '--client', client]);
    expect(got.code, got.stderr).toBe(0);
    const rating = got.json.brief.facts.find((f: { text: string }) => f.text.includes('4.5/5'));
    expect(rating.numbers).toEqual(['4.5/5', '210']);

    const updated = await adgenJson([
      'brief',
      'update',
      '--brief',
      got.json.brief.id,
      '--fix',
      `${rating.id}=4.4/5 from 210 reviews`,
      '--add',
      'guarantee=Every repair guaranteed for 90 days',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json.brief).toMatchObject({ version: 2, source: 'corrected' });
    expect(updated.json.brief.facts.find((f: { id: string }) => f.id === rating.id).text).toBe(
      '4.4/5 from 210 reviews',
    );

    const again = await adgenJson([
      'angles',
      'generate',
      '--client',
      client,
      '--brief',
      updated.json.brief.id,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.angles.every((a: { brief_id: string }) => a.brief_id === updated.json.brief.id)).toBe(
      true,
    );

    const bad = await adgenJson(['brief', 'update', '--brief', updated.json.brief.id, '--fix', 'nonsense']);
    expect(bad.code).toBe(2);
  });
});
