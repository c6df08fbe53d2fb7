import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalJson, startLocalStack } from '#local/stack.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function call(baseUrl: string, apiKey: string, body: object) {
  const res = await fetch(baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('npm start (the embedded local stack)', () => {
  it('serves with the key it writes to local.json, and keeps every record and the key across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-local-'));
    dirs.push(dataDir);

    const first = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT' });
    let clientId: string;
    let campaignId: string;
    try {
      const written = JSON.parse(await readFile(join(dataDir, 'local.json'), 'utf8')) as LocalJson;
      expect(written).toEqual({
        baseUrl: first.baseUrl,
        apiKey: first.apiKey,
        accountId: expect.any(String),
        cognito: {
          endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          region: expect.any(String),
          userPoolId: expect.any(String),
          clientId: expect.any(String),
          username: expect.any(String),
          password: expect.any(String),
        },
        dynamodb: {
          endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          region: expect.any(String),
          tableName: 'adgen',
        },
        emulators: {
          dynamodb: expect.any(Number),
          sqs: expect.any(Number),
          s3: expect.any(Number),
          cognito: expect.any(Number),
        },
      });
      const client = await call(first.baseUrl, written.apiKey, { action: 'create_client', name: 'Acme' });
      expect(client.status).toBe(200);
      clientId = client.body.client.id;
      const campaign = await call(first.baseUrl, written.apiKey, {
        action: 'create_campaign',
        client_id: clientId,
      });
      expect(campaign.status).toBe(200);
      campaignId = campaign.body.campaign.id;
    } finally {
      await first.stop();
    }

    const second = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT' });
    try {
      expect(second.apiKey).toBe(first.apiKey);
      // The emulators came back on the same ports.
      expect(second.localJson.emulators).toEqual(first.localJson.emulators);
      expect(second.localJson.cognito.endpoint).toBe(first.localJson.cognito.endpoint);
      const clients = await call(second.baseUrl, second.apiKey, { action: 'list_clients' });
      expect(clients.body.clients.map((c: { id: string }) => c.id)).toEqual([clientId]);
      const campaigns = await call(second.baseUrl, second.apiKey, {
        action: 'list_campaigns',
        client_id: clientId,
      });
      expect(campaigns.body.campaigns.map((c: { id: string }) => c.id)).toEqual([campaignId]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('completes a job interrupted by a stop, with exactly its images and charges', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-local-'));
    dirs.push(dataDir);
    const first = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 1 });
    let campaignId: string;
    let jobId: string;
    type Made = { id: string; updated_at: string };
    let madeBeforeStop: Made[] = [];
    try {
      const client = await call(first.baseUrl, first.apiKey, { action: 'create_client', name: 'Acme' });
      const campaign = await call(first.baseUrl, first.apiKey, {
        action: 'create_campaign',
        client_id: client.body.client.id,
        aspect_ratio: '1:1,4:5',
        volume: 16,
      });
      campaignId = campaign.body.campaign.id;
      const job = await call(first.baseUrl, first.apiKey, {
        action: 'generate_creatives',
        campaign_id: campaignId,
      });
      expect(job.body.jobs).toBe(16);
      jobId = job.body.job_id;
      // Stop as soon as some, not all, images exist.
      for (;;) {
        const j = await call(first.baseUrl, first.apiKey, { action: 'get_job', job_id: jobId });
        if (j.body.job.succeeded >= 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // However many the worker finished before the stop (one or all sixteen, as the machine's
      // load decides), each must survive the restart as it was: never made or charged again.
      const made = await call(first.baseUrl, first.apiKey, {
        action: 'list_creatives',
        campaign_id: campaignId,
        status: 'succeeded',
        limit: 100,
      });
      madeBeforeStop = made.body.creatives.map((c: Made) => ({ id: c.id, updated_at: c.updated_at }));
      expect(madeBeforeStop.length).toBeGreaterThanOrEqual(1);
    } finally {
      await first.stop();
    }
    const second = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 2 });
    try {
      let job: any;
      for (let i = 0; i < 600; i++) {
        job = (await call(second.baseUrl, second.apiKey, { action: 'get_job', job_id: jobId })).body.job;
        if (job.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(job).toMatchObject({ status: 'completed', succeeded: 16, failed: 0, pending: 0 });
      const all = await call(second.baseUrl, second.apiKey, {
        action: 'list_creatives',
        campaign_id: campaignId,
        status: 'all',
        limit: 100,
      });
      expect(all.body.creatives).toHaveLength(16);
      expect(new Set(all.body.creatives.map((c: { id: string }) => c.id)).size).toBe(16);
      const after = new Map(all.body.creatives.map((c: Made) => [c.id, c.updated_at]));
      for (const made of madeBeforeStop) expect(after.get(made.id)).toBe(made.updated_at);
      const credits = (await call(second.baseUrl, second.apiKey, { action: 'get_credits' })).body.credits;
      expect(credits).toMatchObject({ used: 16, reserved: 0 });
      expect(credits.available + credits.used).toBe(credits.granted);
    } finally {
      await second.stop();
    }
  }, 180_000);

  it('listens on 127.0.0.1 only, and a presigned URL issued before a restart still downloads after it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-local-'));
    dirs.push(dataDir);
    const first = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 1 });
    let imageUrl: string;
    try {
      const ports = [new URL(first.baseUrl).port, ...Object.values(first.localJson.emulators).map(String)];
      const listening = execFileSync('ss', ['-ltnH']).toString().trim().split('\n');
      const bound = (port: string) =>
        listening.map((l) => l.split(/\s+/)[3] ?? '').filter((local) => local.endsWith(`:${port}`));
      const table = Object.fromEntries(ports.map((p) => [p, bound(p)]));
      console.log('ss -ltn for the stack:', JSON.stringify(table));
      const { dynamodb, ...loopbackOnly } = first.localJson.emulators;
      for (const port of [new URL(first.baseUrl).port, ...Object.values(loopbackOnly).map(String)]) {
        expect(bound(port).length).toBeGreaterThan(0);
        expect(bound(port).every((local) => local === `127.0.0.1:${port}`)).toBe(true);
      }
      void dynamodb;

      const client = await call(first.baseUrl, first.apiKey, { action: 'create_client', name: 'Acme' });
      const campaign = await call(first.baseUrl, first.apiKey, {
        action: 'create_campaign',
        client_id: client.body.client.id,
        volume: 1,
      });
      const job = await call(first.baseUrl, first.apiKey, {
        action: 'generate_creatives',
        campaign_id: campaign.body.campaign.id,
      });
      for (;;) {
        const j = await call(first.baseUrl, first.apiKey, { action: 'get_job', job_id: job.body.job_id });
        if (j.body.job.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const creatives = await call(first.baseUrl, first.apiKey, {
        action: 'list_creatives',
        campaign_id: campaign.body.campaign.id,
      });
      imageUrl = creatives.body.creatives[0].image_url;
      expect((await fetch(imageUrl)).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 1 });
    try {
      const res = await fetch(imageUrl);
      expect(res.status).toBe(200);
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      await second.stop();
    }
  }, 180_000);
});
