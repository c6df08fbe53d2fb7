import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { parse } from 'csv-parse/sync';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createExport } from '#core/entities/export.ts';
import type { TestApi } from './harness.ts';
import { finishedCampaign, startLiveApi, startVerifyingReceiver } from './live-harness.ts';
import { eventually } from './worker-harness.ts';

/**
 * export_campaign end to end (ADR 0042): a 12-creative campaign with 8 approved, exported by the
 * real worker, the ZIP read with yauzl and the CSVs with csv-parse (neither is the writer's code).
 */
let live: Awaited<ReturnType<typeof startLiveApi>>;
let api: TestApi;
let receiver: Awaited<ReturnType<typeof startVerifyingReceiver>>;

beforeAll(async () => {
  live = await startLiveApi();
  ({ api, receiver } = live);
});
afterAll(async () => {
  await live?.stop();
});

/** Every entry of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe('export_campaign', () => {
  it('a 12-creative campaign with 8 approved exports exactly the 8 PNGs and their rows', async () => {
    const account = await api.newAccount(30);
    const endpoint = (
      await api.call('create_webhook_endpoint', { url: receiver.url, events: ['export.completed'] }, account)
    ).body.webhook_endpoint;
    const { campaign, creatives, angles, client } = await finishedCampaign(api, account, {
      aspect_ratio: '1:1,4:5,9:16',
      volume: 12,
      platform_target: ['meta_feed', 'meta_stories', 'google_display'],
    });
    expect(creatives).toHaveLength(12);
    const approved = creatives.slice(0, 8);
    const rejected = creatives.slice(8, 10);
    const decided = await api.call(
      'review_creatives',
      {
        reviews: [
          ...approved.map((c) => ({ creative_id: c.id, state: 'approved' })),
          ...rejected.map((c) => ({ creative_id: c.id, state: 'rejected', note: 'Off brand.' })),
        ],
      },
      account,
    );
    expect(decided.status, decided.text).toBe(200);

    const started = await api.call('export_campaign', { campaign_id: campaign.id }, account);
    expect(started.status, started.text).toBe(200);
    expect(started.body.export).toMatchObject({ status: 'pending', include: 'approved', download_url: null });
    const done = await eventually(async () => {
      const got = (await api.call('get_export', { export_id: started.body.export.id }, account)).body.export;
      return got.status === 'succeeded' || got.status === 'failed' ? got : undefined;
    });
    expect(done.status, done.failure_reason).toBe('succeeded');
    const zip = Buffer.from(await (await fetch(done.download_url)).arrayBuffer());
    expect(zip.byteLength).toBe(done.bytes);
    const entries = await unzip(zip);

    // Exactly the 8 approved PNGs, named platform_ratio_angle_n.png, each the creative's image.
    const pngs = [...entries.keys()].filter((n) => n.endsWith('.png')).sort();
    expect(pngs).toHaveLength(8);
    expect(done.creatives).toBe(8);
    for (const name of pngs)
      expect(name).toMatch(/^(meta_feed|meta_stories)_(1x1|4x5|9x16)_[a-z0-9-]+_\d{2}\.png$/);
    const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8'));
    expect(manifest.files.map((f: any) => f.creative_id).sort()).toEqual(approved.map((c) => c.id).sort());
    expect(manifest.facts).toEqual({
      offer_text: 'Free delivery this month',
      cta_text: 'Shop now',
      landing_url: 'https://northwind.example/bikes',
    });
    expect(manifest.client).toEqual({ id: client.id, name: client.name });
    const byId = new Map(creatives.map((c) => [c.id, c]));
    for (const file of manifest.files) {
      const creative = byId.get(file.creative_id);
      expect(file.aspect_ratio).toBe(creative.aspect_ratio);
      expect(file.review.state).toBe('approved');
      expect(file.angle.id).toBe(creative.angle_id);
      expect(file.file).toContain(`_${creative.aspect_ratio.replace(':', 'x')}_`);
      expect(angles.some((a) => a.id === file.angle.id)).toBe(true);
      expect(file.provenance).toEqual(creative.provenance);
      // The PNG in the ZIP is the delivered one, marks and all.
      const original = Buffer.from(await (await fetch(creative.image_url)).arrayBuffer());
      expect((entries.get(file.file) as Buffer).equals(original)).toBe(true);
      const xmp = await exifr.parse(entries.get(file.file) as Buffer, { xmp: true, mergeOutput: false });
      expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(creative.provenance.digital_source_type);
    }

    // The CSVs parse with a standard parser; one Meta row per approved creative and placement
    // that takes its ratio, one Google display ad per approved 1:1 creative.
    const prepared = (await api.call('get_campaign', { campaign_id: campaign.id }, account)).body.campaign
      .prepared;
    const meta = parse(entries.get('meta_ads_bulk.csv') as Buffer, { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    const google = parse(entries.get('google_ads_editor.csv') as Buffer, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(meta).toHaveLength(8);
    expect(done.meta_rows).toBe(8);
    const squares = approved.filter((c) => c.aspect_ratio === '1:1');
    expect(google).toHaveLength(squares.length);
    expect(done.google_rows).toBe(squares.length);
    for (const row of meta) {
      const file = manifest.files.find((f: any) => f.file === row['Image File Name']);
      expect(file, row['Image File Name']).toBeDefined();
      const placement = file.aspect_ratio === '9:16' ? 'meta_stories' : 'meta_feed';
      const copy = prepared.copy.find((c: any) => c.angle_id === file.angle.id && c.platform === placement);
      expect(row).toEqual({
        'Campaign Name': 'Autumn commute',
        'Ad Set Name': `Autumn commute - ${placement === 'meta_feed' ? 'Feed' : 'Stories'}`,
        'Ad Name': file.file.replace(/\.png$/, ''),
        Body: copy.primary_text,
        Title: copy.headline,
        'Link Description': copy.description,
        'Call to Action': copy.cta_type,
        Link: 'https://northwind.example/bikes',
        'Image File Name': file.file,
      });
    }
    for (const row of google) {
      const file = manifest.files.find((f: any) => f.file === row['Square images']);
      expect(file.aspect_ratio).toBe('1:1');
      const copy = prepared.copy.find(
        (c: any) => c.angle_id === file.angle.id && c.platform === 'google_display',
      );
      expect(row).toMatchObject({
        Campaign: 'Autumn commute',
        'Ad type': 'Responsive display ad',
        'Headline 1': copy.headline,
        'Long headline': copy.primary_text,
        'Description 1': copy.description,
        'Business name': 'Northwind Bikes',
        'Final URL': 'https://northwind.example/bikes',
        Images: '',
      });
    }

    const event = await eventually(async () =>
      receiver.events(endpoint.secret).find((e) => e.type === 'export.completed'),
    );
    expect(event.data.export).toMatchObject({ id: done.id, status: 'succeeded', creatives: 8 });
    console.log(
      `export: 12 creatives, 8 approved → ${pngs.length} PNGs, ${meta.length} Meta rows, ${google.length} Google rows, ${done.bytes} bytes; export.completed verified`,
    );
  });

  it('deleting the campaign removes its export ZIPs', async () => {
    const account = await api.newAccount(10);
    const { campaign } = await finishedCampaign(api, account, { aspect_ratio: '1:1', volume: 2, angles: 1 });
    const started = await api.call('export_campaign', { campaign_id: campaign.id, include: 'all' }, account);
    expect(started.status, started.text).toBe(200);
    const done = await eventually(async () => {
      const got = (await api.call('get_export', { export_id: started.body.export.id }, account)).body.export;
      return got.status === 'succeeded' ? got : undefined;
    });
    expect((await fetch(done.download_url)).status).toBe(200);
    const deleted = await api.call('delete_campaign', { campaign_id: campaign.id }, account);
    expect(deleted.status, deleted.text).toBe(200);
    const after = await fetch(done.download_url);
    expect(after.status).toBe(404);
    const record = await api.call('get_export', { export_id: done.id }, account);
    expect(record.status).toBe(404);
    console.log(`export of a deleted campaign: ZIP ${after.status} (was 200), get_export ${record.status}`);
  });

  it('an export whose message exhausted its deliveries ends failed, with export.completed', async () => {
    const account = await api.newAccount(10);
    // A receiver of its own: the shared one also holds deliveries signed for other endpoints.
    const own = await startVerifyingReceiver();
    const endpoint = (
      await api.call('create_webhook_endpoint', { url: own.url, events: ['export.completed'] }, account)
    ).body.webhook_endpoint;
    const client = (await api.call('create_client', { name: 'Dead Letter Co' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 1 }, account)).body
      .campaign;
    // The export as export_campaign stores it; its message goes where SQS's redrive puts a
    // message after maxReceiveCount failed deliveries: the dead-letter queue.
    const record = await createExport(api.deps, {
      accountId: account.accountId,
      campaignId: campaign.id,
      include: 'approved',
    });
    await api.deps.sqs.send(
      new SendMessageCommand({
        QueueUrl: api.dlqUrl,
        MessageBody: JSON.stringify({
          v: 1,
          kind: 'export',
          account_id: account.accountId,
          export_id: record.id,
        }),
      }),
    );
    const failed = await eventually(async () => {
      const got = (await api.call('get_export', { export_id: record.id }, account)).body.export;
      return got.status === 'failed' ? got : undefined;
    });
    expect(failed).toMatchObject({ download_url: null, creatives: null });
    expect(failed.failure_reason).toMatch(/^retries_exhausted: /);
    const event = await eventually(async () =>
      own.events(endpoint.secret).find((e) => e.type === 'export.completed'),
    ).finally(() => own.close());
    expect(event.data.export).toMatchObject({
      id: record.id,
      status: 'failed',
      failure_reason: failed.failure_reason,
    });
    console.log(
      `dead-lettered export: ${failed.status} (${failed.failure_reason}); export.completed verified`,
    );
  });
});
