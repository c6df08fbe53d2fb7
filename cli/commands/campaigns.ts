/**
 * `adgen campaigns list|create|get|update|delete`, and the two reads of a campaign before
 * generating: `adgen prepare` (its copy) and `adgen estimate` (its cost).
 */
import type { Command } from 'commander';
import type { Inputs } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { UsageError } from '../lib/errors.ts';
import { deletedLine, integer, list, print, rows, strip } from '../lib/output.ts';

type CampaignFlags = {
  name?: string;
  aspectRatio?: string;
  volume?: number;
  offer?: string;
  cta?: string;
  platforms?: string;
  angles?: string;
  photos?: string;
  landingUrl?: string;
};

/** The fields create and update share, declared once. */
function withCampaignFields(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'the campaign name')
    .option('--aspect-ratio <ratios>', 'one or more ratios, e.g. 1:1,9:16')
    .option('--volume <n>', 'images per ratio and angle', integer)
    .option('--offer <text>', 'the offer, e.g. "30% off"')
    .option('--cta <text>', 'the call to action')
    .option('--platforms <list>', 'e.g. meta_feed,tiktok')
    .option('--angles <ids>', 'the selected angle ids, comma-separated (adgen angles list)')
    .option('--photos <ids>', "the client's photo asset ids shown as the picture, comma-separated")
    .option('--landing-url <url>', 'where the ad leads');
}

function campaignFields(o: CampaignFlags) {
  return strip({
    name: o.name,
    aspect_ratio: o.aspectRatio,
    volume: o.volume,
    offer_text: o.offer,
    cta_text: o.cta,
    platform_target: list(o.platforms) as Inputs['create_campaign']['platform_target'],
    selected_angle_ids: list(o.angles),
    photo_asset_ids: list(o.photos),
    landing_url: o.landingUrl,
  });
}

const summary = (c: { id: string; name: string; volume: number; aspect_ratio: string }) =>
  `${c.id} (${c.name}): ${c.volume} × ${c.aspect_ratio}`;

export function register(program: Command): void {
  const campaigns = program
    .command('campaigns')
    .summary("a client's campaigns (list, create, get, update, delete)")
    .description(
      "A client's campaigns. update is refused while a job of the campaign runs; delete cancels its running jobs (their credits come back) and removes its creatives.",
    );

  campaigns
    .command('list', { isDefault: true })
    .summary("a client's campaigns")
    .requiredOption('--client <client id>', 'whose campaigns')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ client: string; limit?: number }>(cmd);
      const r = await (await apiClient(o)).listCampaigns(strip({ client_id: o.client, limit: o.limit }));
      print(o.output, r, () =>
        rows(
          r.campaigns.map((c) => `${c.id}  ${c.name}  ${c.aspect_ratio}  volume ${c.volume}`),
          'No campaigns.',
        ),
      );
    });

  withCampaignFields(
    campaigns
      .command('create')
      .summary('a new campaign')
      .requiredOption('--client <client id>', 'the client it belongs to'),
  ).action(async (_o, cmd: Command) => {
    const o = optionsOf<CampaignFlags & { client: string }>(cmd);
    const r = await (await apiClient(o)).createCampaign({ client_id: o.client, ...campaignFields(o) });
    print(o.output, r, () => `Created campaign ${summary(r.campaign)}.`);
  });

  campaigns
    .command('get')
    .summary('one campaign')
    .argument('<campaign id>')
    .action(async (campaign_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).getCampaign({ campaign_id });
      print(o.output, r, () => `Campaign ${summary(r.campaign)}, client ${r.campaign.client_id}.`);
    });

  withCampaignFields(
    campaigns.command('update').summary("change a campaign's fields").argument('<campaign id>'),
  ).action(async (campaign_id: string, _o, cmd: Command) => {
    const o = optionsOf<CampaignFlags>(cmd);
    const fields = campaignFields(o);
    if (Object.keys(fields).length === 0)
      throw new UsageError('Nothing to update: give an option to change.');
    const r = await (await apiClient(o)).updateCampaign({ campaign_id, ...fields });
    print(o.output, r, () => `Updated campaign ${summary(r.campaign)}.`);
  });

  campaigns
    .command('delete')
    .summary('a campaign and its creatives')
    .argument('<campaign id>')
    .action(async (campaign_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).deleteCampaign({ campaign_id });
      print(o.output, r, () => deletedLine('campaign', campaign_id, r));
    });

  program
    .command('prepare')
    .summary('write copy per platform and angle onto a campaign')
    .description(
      'Writes copy per platform and angle onto the campaign and prints it with the recommendations.',
    )
    .argument('<campaign id>')
    .action(async (campaign_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).prepareCampaign({ campaign_id });
      print(o.output, r, () =>
        [
          ...r.copy.map((c) => `[${c.platform}] ${c.headline} | ${c.primary_text} | ${c.cta}`),
          `recommended ratios: ${r.recommendations.aspect_ratios.join(', ')}; volume ${r.recommendations.suggested_volume}`,
          ...r.warnings.map((w) => `warning: ${w}`),
        ].join('\n'),
      );
    });

  program
    .command('estimate')
    .summary('what generate would order and charge now')
    .description(
      'What generate would order and charge now, writing nothing: images (jobs), credits, available, whether it is affordable, image-model calls and their cost (when the operator configured a price).',
    )
    .argument('<campaign id>')
    .action(async (campaign_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).estimateCreatives({ campaign_id });
      const e = r.estimate;
      print(o.output, r, () =>
        [
          `${e.jobs} images, ${e.credits} credits (${e.available} available: ${e.affordable ? 'affordable' : 'NOT affordable'})`,
          `${e.model_calls} image-model calls${e.model_cost_usd === null ? '' : `, $${e.model_cost_usd} model cost`}`,
        ].join('\n'),
      );
    });
}
