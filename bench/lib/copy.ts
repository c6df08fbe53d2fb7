import { readFileSync } from 'node:fs';
import { writeCampaignCopy } from '#core/text/campaign-copy.ts';
import { createHeuristicTextModel, offlineAngles } from '#core/text/heuristic-model.ts';
import { loadNlp } from '#core/text/nlp.ts';
import { median, percentile } from './stats.ts';

export type CopyBenchResult = {
  brief_chars: number;
  nlp_load_ms: number;
  generate_angles_p50_ms: number;
  generate_angles_p95_ms: number;
  prepare_copy_p50_ms: number;
  prepare_copy_p95_ms: number;
  runs: number;
};

/**
 * The offline text engine in process (no HTTP, no database): generate_angles on a brief of
 * about 1,500 characters (two committed briefs joined), and prepare_campaign's copy for
 * 3 angles × 3 platforms. The NLP library's one-time load is measured apart.
 */
export async function benchCopy(runs: number): Promise<CopyBenchResult> {
  const read = (id: string) => JSON.parse(readFileSync(`test/fixtures/briefs/${id}.json`, 'utf8'));
  const coffee = read('coffee-subscription');
  const extra = read('e-bikes');
  let summary = `${coffee.summary} ${extra.summary.replaceAll('Voltway', 'Ember & Oak')}`;
  while (summary.length < 1500) summary += ` ${coffee.summary}`;
  summary = summary.slice(0, summary.lastIndexOf('.', 1500) + 1);
  const t0 = performance.now();
  await loadNlp();
  const nlpLoadMs = performance.now() - t0;
  const input = {
    researchSummary: summary,
    language: 'en',
    clientName: coffee.client,
    bannedWords: coffee.brand.banned_words,
  };
  await offlineAngles(input);
  const angleTimes: number[] = [];
  let angles = await offlineAngles(input);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    angles = await offlineAngles(input);
    angleTimes.push(performance.now() - t);
  }
  const withIds = angles.map((a, i) => ({ ...a, id: `a${i}` }));
  const copyInput = {
    model: createHeuristicTextModel(),
    clientName: coffee.client,
    campaign: { ...coffee.campaign, platform_target: ['meta_feed', 'tiktok', 'google_display'] as const },
    angles: withIds.slice(0, 3),
    latestAngles: withIds,
    brand: coffee.brand,
  };
  await writeCampaignCopy(copyInput);
  const copyTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await writeCampaignCopy(copyInput);
    copyTimes.push(performance.now() - t);
  }
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    brief_chars: summary.length,
    nlp_load_ms: r(nlpLoadMs),
    generate_angles_p50_ms: r(median(angleTimes)),
    generate_angles_p95_ms: r(percentile(angleTimes, 95)),
    prepare_copy_p50_ms: r(median(copyTimes)),
    prepare_copy_p95_ms: r(percentile(copyTimes, 95)),
    runs,
  };
}
