import { GetObjectCommand } from '@aws-sdk/client-s3';
import { zipSync } from 'fflate';
import type { Deps } from '../deps.ts';
import { type Angle, getAngles } from '../entities/angle.ts';
import { type Campaign, getCampaign } from '../entities/campaign.ts';
import { getClient } from '../entities/client.ts';
import { finishedCreativesOfCampaign } from '../entities/creative.ts';
import type { CampaignExport } from '../entities/export.ts';
import type { Slot } from '../entities/slot.ts';
import { PLATFORM_RATIOS } from '../text/platform-limits.ts';
import type { CopyVariant } from '../text/types.ts';
import { GOOGLE_AD_TYPE, GOOGLE_COLUMNS, META_COLUMNS, META_PLACEMENTS } from './columns.ts';
import { toCsv } from './csv.ts';

type Platform = CopyVariant['platform'];
type MetaPlacement = keyof typeof META_PLACEMENTS;

/** What went into an export, and the ZIP itself. */
export type BuiltExport = { zip: Uint8Array; creatives: number; metaRows: number; googleRows: number };

/** A file-name part from free text: lower-case ASCII letters and digits joined by hyphens. */
export function slug(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return plain || 'untitled';
}

const ratioPart = (ratio: string) => ratio.replace(':', 'x');

/** The placement a creative is filed under: the first target that takes its ratio, else `general`. */
function platformOf(campaign: Campaign, ratio: string): Platform {
  return campaign.platform_target.find((p) => PLATFORM_RATIOS[p]?.includes(ratio)) ?? 'general';
}

/** The prepared copy for an angle on a platform: that platform's, else the angle's general, else any. */
function copyFor(campaign: Campaign, angleId: string | null, platform: Platform): CopyVariant | undefined {
  const copy = campaign.prepared?.copy ?? [];
  const ofAngle = copy.filter((c) => c.angle_id === angleId);
  return (
    ofAngle.find((c) => c.platform === platform) ??
    ofAngle.find((c) => c.platform === 'general') ??
    ofAngle[0] ??
    copy.find((c) => c.platform === platform) ??
    copy[0]
  );
}

/** The Meta placements of the campaign (all of them when it targets no platform). */
function metaPlacements(campaign: Campaign): MetaPlacement[] {
  const all = Object.keys(META_PLACEMENTS) as MetaPlacement[];
  if (campaign.platform_target.length === 0) return all;
  return all.filter((p) => (campaign.platform_target as string[]).includes(p));
}

function googleDisplay(campaign: Campaign): boolean {
  return (
    campaign.platform_target.length === 0 || (campaign.platform_target as string[]).includes('google_display')
  );
}

async function readPng(deps: Deps, key: string): Promise<Uint8Array> {
  const out = await deps.s3.send(new GetObjectCommand({ Bucket: deps.config.bucketName, Key: key }));
  if (!out.Body) throw new Error(`no object at ${key}`);
  return out.Body.transformToByteArray();
}

/**
 * Builds the ZIP of an export (ADR 0042): the creatives' PNGs named by platform, ratio and
 * angle; `meta_ads_bulk.csv` (one row per creative and Meta placement that takes its ratio);
 * `google_ads_editor.csv` (one responsive display ad per creative in a display ratio); and
 * `manifest.json` tying each file to its creative, angle, the campaign's facts and provenance.
 * Undefined when the campaign is gone.
 */
export async function buildExport(deps: Deps, record: CampaignExport): Promise<BuiltExport | undefined> {
  const campaign = await getCampaign(deps, record.account_id, record.campaign_id);
  if (!campaign) return undefined;
  const { client, slots, angles } = await exportedCreatives(deps, record, campaign);

  const businessName = client?.name ?? '';
  const counters = new Map<string, number>();
  const files: Record<string, Uint8Array> = {};
  const metaRows: Record<string, string>[] = [];
  const googleRows: Record<string, string>[] = [];
  const manifestFiles: unknown[] = [];
  const link = campaign.landing_url;
  for (const slot of slots) {
    const angle: Angle | undefined = slot.angle_id ? angles.get(slot.angle_id) : undefined;
    const platform = platformOf(campaign, slot.aspect_ratio);
    const stem = `${platform}_${ratioPart(slot.aspect_ratio)}_${slug(angle?.name ?? 'no-angle')}`;
    const n = (counters.get(stem) ?? 0) + 1;
    counters.set(stem, n);
    const file = `${stem}_${String(n).padStart(2, '0')}.png`;
    files[file] = await readPng(deps, slot.s3_key);
    const adName = file.replace(/\.png$/, '');

    const rows: { sheet: 'meta' | 'google'; placement: string }[] = [];
    for (const placement of metaPlacements(campaign)) {
      if (!PLATFORM_RATIOS[placement].includes(slot.aspect_ratio)) continue;
      const copy = copyFor(campaign, slot.angle_id, placement);
      metaRows.push({
        'Campaign Name': campaign.name,
        'Ad Set Name': `${campaign.name} - ${META_PLACEMENTS[placement]}`,
        'Ad Name': adName,
        Body: copy?.primary_text ?? '',
        Title: copy?.headline ?? '',
        'Link Description': copy?.description ?? '',
        'Call to Action': copy?.cta_type ?? '',
        Link: link,
        'Image File Name': file,
      });
      rows.push({ sheet: 'meta', placement });
    }
    if (googleDisplay(campaign) && PLATFORM_RATIOS.google_display.includes(slot.aspect_ratio)) {
      const copy = copyFor(campaign, slot.angle_id, 'google_display');
      const square = slot.aspect_ratio === '1:1';
      googleRows.push({
        Campaign: campaign.name,
        'Ad group': angle?.name ?? campaign.name,
        'Ad type': GOOGLE_AD_TYPE,
        'Headline 1': copy?.headline ?? '',
        'Long headline': copy?.primary_text ?? '',
        'Description 1': copy?.description ?? '',
        'Business name': businessName,
        'Final URL': link,
        'Call to action text': copy?.cta ?? '',
        Images: square ? '' : file,
        'Square images': square ? file : '',
      });
      rows.push({ sheet: 'google', placement: 'google_display' });
    }
    manifestFiles.push({
      file,
      creative_id: slot.id,
      job_id: slot.job_id,
      angle: angle ? { id: angle.id, name: angle.name, hook: angle.hook } : null,
      platform,
      aspect_ratio: slot.aspect_ratio,
      width: slot.width,
      height: slot.height,
      review: { state: slot.review_state, note: slot.review_note, reviewed_by: slot.reviewed_by },
      provenance: slot.provenance,
      copy: copyFor(campaign, slot.angle_id, platform) ?? null,
      rows,
    });
  }

  const manifest = {
    export_id: record.id,
    include: record.include,
    exported_at: deps.now().toISOString(),
    client: client ? { id: client.id, name: client.name } : null,
    campaign: { id: campaign.id, name: campaign.name },
    // The campaign's facts as the creatives state them: nothing here is added by the export.
    facts: {
      offer_text: campaign.offer_text,
      cta_text: campaign.cta_text,
      landing_url: campaign.landing_url,
    },
    files: manifestFiles,
    csv: {
      'meta_ads_bulk.csv': { rows: metaRows.length, columns: META_COLUMNS },
      'google_ads_editor.csv': { rows: googleRows.length, columns: GOOGLE_COLUMNS },
    },
  };
  const text = (s: string) => new TextEncoder().encode(s);
  const zip = zipSync(
    {
      // PNGs are compressed already: stored, not deflated again.
      ...Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: 0 }]])),
      'meta_ads_bulk.csv': text(toCsv(META_COLUMNS, metaRows)),
      'google_ads_editor.csv': text(toCsv(GOOGLE_COLUMNS, googleRows)),
      'manifest.json': text(`${JSON.stringify(manifest, null, 2)}\n`),
    },
    { level: 6 },
  );
  return { zip, creatives: slots.length, metaRows: metaRows.length, googleRows: googleRows.length };
}

/** The client, the campaign's finished creatives (approved only, when asked) in export order, and their angles. */
async function exportedCreatives(deps: Deps, record: CampaignExport, campaign: Campaign) {
  const [client, slots] = await Promise.all([
    getClient(deps, record.account_id, campaign.client_id),
    finishedCreativesOfCampaign(
      deps,
      record.account_id,
      campaign.id,
      record.include === 'approved' ? 'approved' : undefined,
    ),
  ]);
  const angleIds = [...new Set(slots.flatMap((s) => (s.angle_id ? [s.angle_id] : [])))];
  const angles = new Map((await getAngles(deps, record.account_id, angleIds)).map((a) => [a.id, a]));
  const order = (s: Slot) => {
    const at = s.angle_id ? campaign.selected_angle_ids.indexOf(s.angle_id) : -1;
    return [at < 0 ? 999 : at, s.aspect_ratio, s.created_at, s.index] as const;
  };
  slots.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as never) < (y[i] as never) ? -1 : 1;
    return 0;
  });
  return { client, slots, angles };
}
