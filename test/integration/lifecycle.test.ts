import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAngles } from '#core/entities/angle.ts';
import { markCampaignDeleting } from '#core/entities/campaign.ts';
import { slotsOfJob } from '#core/entities/slot.ts';
import { resumeDeletions } from '#core/lifecycle/delete.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';
import { eventually, finalJobOf, gatedCompose, runWorkers, workerDepsFor } from './worker-harness.ts';

/**
 * The resource lifecycle through the local HTTP API with the real worker: get/update client and
 * campaign, update_campaign refused while a job runs, delete_campaign and delete_client (a job
 * cancelled mid-run, every record and object gone, every id 404, a second delete 404), and a
 * deletion interrupted after its mark, finished by the resumable sweep.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Account = { accountId: string; apiKey: string };

const credits = (account: Account) => creditsOf(api, account);

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await api.deps.s3.send(
    new ListObjectsV2Command({ Bucket: api.deps.config.bucketName, Prefix: prefix }),
  );
  return (out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
}

const finalJob = (account: Account, jobId: string) => finalJobOf(api, account, jobId, 120_000);

describe('get and update', () => {
  it('reads and renames a client; updates a campaign with create_campaign’s validation', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    expect((await api.call('get_client', { client_id: client.id }, account)).body.client).toEqual(client);
    const renamed = await api.call(
      'update_client',
      { client_id: client.id, name: '  Acme Roasters ' },
      account,
    );
    expect(renamed.body.client).toMatchObject({
      id: client.id,
      name: 'Acme Roasters',
      created_at: client.created_at,
    });
    expect((await api.call('update_client', { client_id: client.id, name: '' }, account)).status).toBe(400);

    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 1 }, account)).body
      .campaign;
    await api.call('prepare_campaign', { campaign_id: campaign.id }, account);
    const updated = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, offer_text: '40% off', aspect_ratio: '9:16, 1:1', volume: 4 },
      account,
    );
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.campaign).toMatchObject({
      id: campaign.id,
      client_id: client.id,
      name: campaign.name,
      offer_text: '40% off',
      aspect_ratio: '9:16,1:1',
      volume: 4,
    });
    // The copy prepared for the old fields is dropped.
    expect(updated.body.campaign.prepared).toBeUndefined();
    expect((await api.call('get_campaign', { campaign_id: campaign.id }, account)).body.campaign).toEqual(
      updated.body.campaign,
    );
    const invalid = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, aspect_ratio: '7:0' },
      account,
    );
    expect(invalid.status).toBe(400);
    const moved = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, client_id: client.id },
      account,
    );
    expect(moved.status).toBe(400);
    const otherClient = (await api.call('create_client', { name: 'Other' }, account)).body.client;
    const [foreignAngle] =
      (await putAngles(
        api.deps,
        account.accountId,
        otherClient.id,
        [
          {
            name: 'A',
            hook: 'Hook',
            awareness_level: 'unaware',
            visual_style: 'flat',
            copy_direction: 'Short.',
          },
        ],
        'en',
      )) ?? [];
    const wrongAngle = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, selected_angle_ids: [foreignAngle?.id] },
      account,
    );
    expect(wrongAngle.status).toBe(400);
    expect(wrongAngle.body.error.details.issues[0].path).toBe('selected_angle_ids[0]');
  });

  it('refuses update_campaign with 409 while a job of the campaign is running, and accepts it after', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 2 }, account)).body
      .campaign;
    const job = (await api.call('generate_creatives', { campaign_id: campaign.id }, account)).body;
    const refused = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, offer_text: 'New' },
      account,
    );
    console.log(`update_campaign while a job runs: ${refused.status} ${JSON.stringify(refused.body.error)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', details: { job_ids: [job.job_id] } });
    expect(
      (await api.call('get_campaign', { campaign_id: campaign.id }, account)).body.campaign.offer_text,
    ).toBe('');
    await api.call('cancel_job', { job_id: job.job_id }, account);
    const accepted = await api.call(
      'update_campaign',
      { campaign_id: campaign.id, offer_text: 'New' },
      account,
    );
    expect(accepted.status).toBe(200);
  });
});

describe('delete_client and delete_campaign', () => {
  it('deletes a client with everything it owns, mid-run: no item, no object, 404 on every id, credits back', async () => {
    const account = await api.newAccount(100);
    const as = account;
    const client = (await api.call('create_client', { name: 'Doomed Co' }, as)).body.client;
    const angles =
      (await putAngles(
        api.deps,
        account.accountId,
        client.id,
        [0, 1].map((i) => ({
          name: `Angle ${i}`,
          hook: `Hook ${i} for better mornings`,
          awareness_level: 'problem_aware' as const,
          visual_style: 'flat colour',
          copy_direction: 'Short.',
        })),
        'en',
      )) ?? [];
    const upload = (
      await api.call(
        'create_asset_upload',
        { client_id: client.id, kind: 'logo', content_type: 'image/png', content_length: 2048 },
        as,
      )
    ).body;
    const put = await fetch(upload.upload.url, {
      method: 'PUT',
      headers: upload.upload.headers,
      body: Buffer.alloc(2048, 7),
    });
    expect(put.status).toBe(200);
    const done = (
      await api.call(
        'create_campaign',
        { client_id: client.id, selected_angle_ids: [angles[0]?.id], volume: 2 },
        as,
      )
    ).body.campaign;
    const busy = (await api.call('create_campaign', { client_id: client.id, volume: 20 }, as)).body.campaign;
    // A neighbour client of the same account, which must keep everything.
    const neighbour = (await api.call('create_client', { name: 'Neighbour' }, as)).body.client;
    const kept = (await api.call('create_campaign', { client_id: neighbour.id, volume: 1 }, as)).body
      .campaign;

    const base = workerDepsFor(api);
    const gated = gatedCompose(base.compose, 3);
    // Counts the objects the worker drops (an image finished after its slot was deleted).
    let dropped = 0;
    const s3 = {
      send: (command: unknown) => {
        if (command instanceof DeleteObjectCommand) dropped += 1;
        return base.s3.send(command as never);
      },
    } as typeof base.s3;
    const workers = runWorkers(api, { ...base, s3, compose: gated.compose }, 2);
    let report: { status: number; body: any; text: string };
    let jobs: string[] = [];
    let creativeIds: string[] = [];
    const before = await credits(account);
    try {
      const first = (await api.call('generate_creatives', { campaign_id: done.id }, as)).body;
      const keptJob = (await api.call('generate_creatives', { campaign_id: kept.id }, as)).body;
      await finalJob(account, first.job_id);
      await finalJob(account, keptJob.job_id);
      const second = (await api.call('generate_creatives', { campaign_id: busy.id }, as)).body;
      jobs = [first.job_id, second.job_id];
      // Two images of the busy job held while running (two workers), the rest pending.
      await eventually(async () => (gated.started() === 5 ? true : undefined));
      const slots = [
        ...(await slotsOfJob(api.deps, account.accountId, first.job_id)),
        ...(await slotsOfJob(api.deps, account.accountId, second.job_id)),
      ];
      creativeIds = slots.map((s) => s.id);
      const unfinished = slots.filter((s) => s.status === 'pending' || s.status === 'running').length;
      const objectsBefore = [
        ...(await objectsUnder(`creatives/${account.accountId}/${done.id}/`)),
        ...(await objectsUnder(`assets/${account.accountId}/${client.id}/`)),
      ];

      report = await api.call('delete_client', { client_id: client.id }, as);
      console.log(
        `delete_client: ${angles.length} angles, 1 asset, 2 campaigns, ${slots.length} creatives (${unfinished} unfinished, ${slots.filter((s) => s.status === 'running').length} running), ${objectsBefore.length} objects → ${report.text}`,
      );
      expect(report.status, report.text).toBe(200);
      expect(report.body).toEqual({ deleted: true, creatives_deleted: 22, credits_released: unfinished });
      expect(unfinished).toBe(20);
      expect(objectsBefore.length).toBe(3);
    } finally {
      // The held image finishes after its slot is gone: its settlement fails and its object is dropped.
      gated.open();
    }
    try {
      // Both held images were put after the sweep, failed to settle, and were dropped.
      await eventually(async () => (dropped === 2 ? true : undefined));
    } finally {
      await workers.stop();
    }
    const after = await credits(account);

    // No item of the client is left in the table.
    const owned = [
      client.id,
      done.id,
      busy.id,
      upload.asset.id,
      ...angles.map((a) => a.id),
      ...jobs,
      ...creativeIds,
    ];
    const items = await api.items();
    const leftovers = items.filter((item) => owned.some((id) => JSON.stringify(item).includes(id)));
    // No object under its prefixes.
    const prefixes = [
      `assets/${account.accountId}/${client.id}/`,
      ...[done.id, busy.id].flatMap((c) => [
        `creatives/${account.accountId}/${c}/`,
        `visuals/${account.accountId}/${c}/`,
      ]),
    ];
    const objects = (await Promise.all(prefixes.map(objectsUnder))).flat();
    // 404 on every id it owned.
    const probes: [string, Record<string, unknown>][] = [
      ['get_client', { client_id: client.id }],
      ['update_client', { client_id: client.id, name: 'x' }],
      ['list_campaigns', { client_id: client.id }],
      ['list_angles', { client_id: client.id }],
      ['get_brand_kit', { client_id: client.id }],
      ['list_assets', { client_id: client.id }],
      ['get_asset', { asset_id: upload.asset.id }],
      ['create_campaign', { client_id: client.id }],
      ...angles.map((a): [string, Record<string, unknown>] => ['get_angle', { angle_id: a.id }]),
      ...[done.id, busy.id].flatMap((id): [string, Record<string, unknown>][] => [
        ['get_campaign', { campaign_id: id }],
        ['list_creatives', { campaign_id: id }],
        ['list_jobs', { campaign_id: id }],
        ['generate_creatives', { campaign_id: id }],
        ['update_campaign', { campaign_id: id, name: 'x' }],
        ['delete_campaign', { campaign_id: id }],
      ]),
      ...jobs.flatMap((id): [string, Record<string, unknown>][] => [
        ['get_job', { job_id: id }],
        ['cancel_job', { job_id: id }],
      ]),
      ...creativeIds.map((id): [string, Record<string, unknown>] => [
        'regenerate_creative',
        { creative_id: id },
      ]),
      ['delete_client', { client_id: client.id }],
    ];
    const statuses = await Promise.all(
      probes.map(async ([action, body]) => (await api.call(action, body, as)).status),
    );
    console.log(
      `after delete_client: ${dropped} late images dropped by the worker; ${leftovers.length} items and ${objects.length} objects left; ${statuses.filter((s) => s === 404).length}/${probes.length} probes 404; ` +
        `ledger before ${JSON.stringify(before)} after ${JSON.stringify(after)}`,
    );
    expect(leftovers).toEqual([]);
    expect(objects).toEqual([]);
    expect(Object.fromEntries(probes.map(([a, b], i) => [`${a} ${JSON.stringify(b)}`, statuses[i]]))).toEqual(
      Object.fromEntries(probes.map(([a, b]) => [`${a} ${JSON.stringify(b)}`, 404])),
    );
    // The ledger: the done job's 2 images and the kept job's 1 used, the rest back; nothing reserved.
    expect(after).toEqual({ granted: before.granted, available: before.granted - 3, reserved: 0, used: 3 });
    // The neighbour keeps everything.
    expect((await api.call('get_client', { client_id: neighbour.id }, as)).status).toBe(200);
    const keptCreatives = await api.call('list_creatives', { campaign_id: kept.id }, as);
    expect(keptCreatives.body.creatives).toHaveLength(1);
    expect(await objectsUnder(`creatives/${account.accountId}/${kept.id}/`)).toHaveLength(1);
  }, 240_000);

  it('delete_campaign answers its counts once, then 404', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 3 }, account)).body
      .campaign;
    await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    const first = await api.call('delete_campaign', { campaign_id: campaign.id }, account);
    const second = await api.call('delete_campaign', { campaign_id: campaign.id }, account);
    console.log(`delete_campaign: ${first.text}; again → ${second.status}`);
    expect(first.body).toEqual({ deleted: true, creatives_deleted: 3, credits_released: 3 });
    expect(second.status).toBe(404);
    expect(second.text.replaceAll(campaign.id, '<id>')).toBe(
      (await api.call('delete_campaign', { campaign_id: client.id }, account)).text.replaceAll(
        client.id,
        '<id>',
      ),
    );
    expect(await credits(account)).toEqual({ granted: 10, available: 10, reserved: 0, used: 0 });
    expect((await api.call('get_client', { client_id: client.id }, account)).status).toBe(200);
  });

  it('pages through a big client: 130 angles, 102 campaigns, a 150-image job, all gone', async () => {
    const account = await api.newAccount(200);
    const client = (await api.call('create_client', { name: 'Big Co' }, account)).body.client;
    for (let batch = 0; batch < 13; batch++) {
      await putAngles(
        api.deps,
        account.accountId,
        client.id,
        Array.from({ length: 10 }, (_, i) => ({
          name: `Angle ${batch}-${i}`,
          hook: 'A hook',
          awareness_level: 'unaware' as const,
          visual_style: 'flat',
          copy_direction: 'Short.',
        })),
        'en',
      );
    }
    const campaigns: string[] = [];
    for (let i = 0; i < 102; i++) {
      campaigns.push(
        (await api.call('create_campaign', { client_id: client.id, volume: i === 0 ? 150 : 1 }, account)).body
          .campaign.id,
      );
    }
    const job = (await api.call('generate_creatives', { campaign_id: campaigns[0] }, account)).body;
    expect(job.jobs).toBe(150);
    const before = (await api.items()).length;

    const report = await api.call('delete_client', { client_id: client.id }, account);
    const items = await api.items();
    const left = items.filter(
      (item) => JSON.stringify(item).includes(client.id) || item.job_id === job.job_id,
    );
    console.log(
      `big client: ${before} items before, ${items.length} after; delete_client → ${report.text}; ${left.length} items of the client left`,
    );
    expect(report.body).toEqual({ deleted: true, creatives_deleted: 150, credits_released: 150 });
    expect(left).toEqual([]);
    expect(await credits(account)).toEqual({ granted: 200, available: 200, reserved: 0, used: 0 });
  }, 240_000);

  it('takes an Idempotency-Key on every write it adds: a repeated delete or update replays the first answer', async () => {
    const account = await api.newAccount(10);
    const send = (action: string, fields: Record<string, unknown>, key: string) =>
      api.post(JSON.stringify({ action, ...fields }), {
        'x-api-key': account.apiKey,
        'idempotency-key': key,
      });
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id }, account)).body.campaign;
    const rename = [await send('update_client', { client_id: client.id, name: 'B' }, 'k-1')];
    rename.push(await send('update_client', { client_id: client.id, name: 'B' }, 'k-1'));
    const update = await send('update_campaign', { campaign_id: campaign.id, volume: 2 }, 'k-2');
    const updateAgain = await send('update_campaign', { campaign_id: campaign.id, volume: 2 }, 'k-2');
    const first = await send('delete_campaign', { campaign_id: campaign.id }, 'k-3');
    const replay = await send('delete_campaign', { campaign_id: campaign.id }, 'k-3');
    const reused = await send('delete_client', { client_id: client.id }, 'k-3');
    const fresh = await send('delete_campaign', { campaign_id: campaign.id }, 'k-4');
    const gone = await send('delete_client', { client_id: client.id }, 'k-5');
    const goneAgain = await send('delete_client', { client_id: client.id }, 'k-5');
    console.log(
      `idempotency on the lifecycle writes: delete_campaign ${first.status} then replay ${replay.status} (replayed ${replay.headers.get('idempotent-replayed')}), another body ${reused.status}, a new key ${fresh.status}`,
    );
    for (const [a, b] of [rename, [update, updateAgain], [first, replay], [gone, goneAgain]] as const) {
      expect(b?.text).toBe(a?.text);
      expect(b?.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(first.body).toEqual({ deleted: true, creatives_deleted: 0, credits_released: 0 });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(fresh.status).toBe(404);
    expect(gone.status).toBe(200);
  });

  it('a deletion interrupted after its mark reads as gone at once and is finished by the resumable sweep', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 2 }, account)).body
      .campaign;
    const job = (await api.call('generate_creatives', { campaign_id: campaign.id }, account)).body;
    // The process "dies" right after the mark: nothing else of the deletion ran.
    expect(await markCampaignDeleting(api.deps, account.accountId, campaign.id)).toBe(true);
    expect((await api.call('get_campaign', { campaign_id: campaign.id }, account)).status).toBe(404);
    expect((await api.call('list_campaigns', { client_id: client.id }, account)).body.campaigns).toEqual([]);
    expect((await api.call('generate_creatives', { campaign_id: campaign.id }, account)).status).toBe(404);
    expect((await api.call('delete_campaign', { campaign_id: campaign.id }, account)).status).toBe(404);
    expect(await credits(account)).toMatchObject({ reserved: 2 });

    const finished = await resumeDeletions(api.deps);
    const left = (await api.items()).filter((item) => JSON.stringify(item).includes(campaign.id));
    console.log(`resumeDeletions: ${finished} finished; ${left.length} items of the campaign left`);
    expect(finished).toBeGreaterThanOrEqual(1);
    expect(left).toEqual([]);
    expect((await api.call('get_job', { job_id: job.job_id }, account)).status).toBe(404);
    expect(await credits(account)).toEqual({ granted: 10, available: 10, reserved: 0, used: 0 });
    expect(await resumeDeletions(api.deps)).toBe(0);
  });
});
