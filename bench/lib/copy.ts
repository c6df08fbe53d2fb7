import { writeAdCopy } from '#core/text/ad-copy.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { loadNlp } from '#core/text/nlp.ts';
import { goldBrief, loadCorpus } from '../../eval/corpus.ts';
import { median, percentile } from './stats.ts';

export type CopyBenchResult = {
  brief_words: number;
  nlp_load_ms: number;
  generate_angles_p50_ms: number;
  generate_angles_p95_ms: number;
  prepare_copy_p50_ms: number;
  prepare_copy_p95_ms: number;
  runs: number;
};

/** The longest brief of the corpus's development half (about 250 words, a long rambling one). */
function benchBrief() {
  const words = (t: string) => t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const odd = loadCorpus().filter((b) => b.number % 2 === 1);
  return odd.reduce((a, b) => (words(b.research_summary) > words(a.research_summary) ? b : a));
}

/**
 * The offline text engine in process (no HTTP, no database): generate_angles' planning and
 * realisation on the longest brief of the corpus's development half, and prepare_campaign's copy
 * for 3 angles × 3 platforms. The NLP library's one-time load is measured apart.
 */
export async function benchCopy(runs: number): Promise<CopyBenchResult> {
  const corpus = benchBrief();
  const brief = goldBrief(corpus);
  const t0 = performance.now();
  await loadNlp();
  const nlpLoadMs = performance.now() - t0;
  let angles = await anglesFromBrief(brief);
  const angleTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    angles = await anglesFromBrief(brief);
    angleTimes.push(performance.now() - t);
  }
  const copyInput = {
    brief,
    angles: angles.slice(0, 3).map((a, i) => ({ ...a, id: `a${i}` })),
    campaign: {
      name: 'bench_q4',
      ...corpus.campaign,
      platform_target: ['meta_feed', 'tiktok', 'google_display'] as const,
    },
    brand: { banned_words: [], tagline: '' },
  };
  await writeAdCopy(copyInput);
  const copyTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await writeAdCopy(copyInput);
    copyTimes.push(performance.now() - t);
  }
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    brief_words: corpus.research_summary.split(/\s+/).length,
    nlp_load_ms: r(nlpLoadMs),
    generate_angles_p50_ms: r(median(angleTimes)),
    generate_angles_p95_ms: r(percentile(angleTimes, 95)),
    prepare_copy_p50_ms: r(median(copyTimes)),
    prepare_copy_p95_ms: r(percentile(copyTimes, 95)),
    runs,
  };
}
