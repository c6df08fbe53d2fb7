import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouterClients } from '#core/aws-deferred.ts';
import { presignerFor } from '#core/s3/presign.ts';
import { startTestApi, type TestApi } from './harness.ts';

// The router as the Lambda builds it (ADR 0011): S3 and SQS imported and built on first use, the
// presigner fed without the S3 package. Every other integration test runs the router on the
// eager clients; this one proves the deferred ones do the same work against the local stack.
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ routerClients: 'deferred' });
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const visibleMessages = async () =>
  Number(
    (
      await api.deps.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: api.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      )
    ).Attributes?.ApproximateNumberOfMessages ?? 'NaN',
  );

describe('the router on deferred clients', () => {
  it('uploads and checks an asset (presigned PUT, then S3 reads and sharp on first use)', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
    const png = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const created = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'logo', content_type: 'image/png', content_length: png.byteLength },
      account,
    );
    expect(created.status, created.text).toBe(200);
    const { url, method, headers } = created.body.upload;
    const put = await fetch(url, { method, headers, body: png });
    expect(put.status, await put.text()).toBe(200);
    const got = await api.call('get_asset', { asset_id: created.body.asset.id }, account);
    expect(got.status, got.text).toBe(200);
    expect(got.body.asset).toMatchObject({
      id: created.body.asset.id,
      status: 'ready',
      width: 600,
      height: 600,
    });
  });

  it('queues a batch through the deferred SQS client', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
    const campaign = (
      await api.call('create_campaign', { client_id: client.id, aspect_ratio: '1:1', volume: 2 }, account)
    ).body.campaign;
    const before = await visibleMessages();
    const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(res.status, res.text).toBe(200);
    expect(await visibleMessages()).toBeGreaterThan(before);
  });

  it('presigns the same URL as the S3 client would, without loading the S3 package', async () => {
    const deferred = createRouterClients(api.deps.config);
    try {
      const at = new Date('2026-11-23T10:00:00Z');
      const fromDeferred = await (await presignerFor(deferred.s3, api.deps.config.endpoints.s3)).batch(
        api.deps.config.bucketName,
        3600,
        at,
      );
      const fromSdk = await (await presignerFor(api.deps.s3, api.deps.config.endpoints.s3)).batch(
        api.deps.config.bucketName,
        3600,
        at,
      );
      expect(fromDeferred.url('creatives/a/b.png')).toBe(fromSdk.url('creatives/a/b.png'));
    } finally {
      deferred.ddb.destroy();
    }
  });
});
