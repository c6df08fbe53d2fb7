/**
 * The local stack as `npm start` runs it (its own webhook queue and delivery loop), driven by the
 * CLI's `webhooks` commands, with a receiver on 127.0.0.1 that verifies with `standardwebhooks`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { type CliRun, runAdgen } from './cli-runner.ts';
import { eventually } from './worker-harness.ts';

let stack: LocalStack;
let dataDir: string;
let server: Server;
let base: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const previousAllow = process.env.ADGEN_ALLOW_LOCAL_WEBHOOKS;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-cli-webhooks-'));
  // As `ADGEN_ALLOW_LOCAL_WEBHOOKS=1 npm start` would: receivers on 127.0.0.1 are allowed.
  process.env.ADGEN_ALLOW_LOCAL_WEBHOOKS = '1';
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 2 });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await stack?.stop();
  if (previousAllow === undefined) delete process.env.ADGEN_ALLOW_LOCAL_WEBHOOKS;
  else process.env.ADGEN_ALLOW_LOCAL_WEBHOOKS = previousAllow;
  await rm(dataDir, { recursive: true, force: true });
});

function adgen(args: string[]): Promise<CliRun> {
  return runAdgen(dataDir, args);
}

describe('adgen webhooks against npm start', () => {
  it('creates an endpoint, receives a verified job.completed for a generated job, lists, rotates and deletes', async () => {
    const created = await adgen([
      'webhooks',
      'create',
      `${base}/hooks`,
      '--events',
      'job.completed',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const endpoint = created.json.webhook_endpoint;
    expect(endpoint.secret).toMatch(/^whsec_/);
    const human = await adgen(['webhooks', 'list']);
    expect(human.stdout).toContain(endpoint.id);
    expect(human.stdout).not.toContain('whsec_');

    const client = await adgen(['clients', 'create', 'Hook Co', '--json']);
    const campaign = await adgen([
      'campaigns',
      'create',
      '--client',
      client.json.client.id,
      '--volume',
      '1',
      '--json',
    ]);
    const generated = await adgen(['generate', campaign.json.campaign.id, '--json']);
    expect(generated.code, generated.stderr).toBe(0);
    const jobId = generated.json.job_id as string;

    const hit = await eventually(async () => received.find((r) => r.body.includes(jobId)), 90_000);
    const event = new Webhook(endpoint.secret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    }) as { type: string; data: { job: { job_id: string; status: string } } };
    expect(event).toMatchObject({
      type: 'job.completed',
      data: { job: { job_id: jobId, status: 'completed' } },
    });

    const deliveries = await adgen(['webhooks', 'deliveries', endpoint.id]);
    expect(deliveries.code, deliveries.stderr).toBe(0);
    expect(deliveries.stdout).toMatch(/job\.completed\s+delivered\s+1 attempts\s+last 200/);
    console.log(`adgen webhooks deliveries:\n${deliveries.stdout.trim()}`);

    const rotated = await adgen(['webhooks', 'rotate', endpoint.id]);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/whsec_/);
    const deleted = await adgen(['webhooks', 'delete', endpoint.id]);
    expect(deleted.code, deleted.stderr).toBe(0);
    const again = await adgen(['webhooks', 'delete', endpoint.id]);
    expect(again.code).toBe(4);
    expect((await adgen(['webhooks', '--help'])).stdout).toContain('adgen webhooks list');
  }, 180_000);
});
