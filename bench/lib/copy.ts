import { extractBrief } from '#core/brief/extract.ts';
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

const words = (t: string) => t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The budget is for a 250-word brief; the corpus's longest has fewer. */
const BENCH_BRIEF_WORDS = 250;

/**
 * A brief of at least 250 words: the corpus's longest English brief, followed by the sentences of
 * the next longest until 250 words are reached (for timing only: the extraction reads one long
 * brief, the planning its facts).
 */
function benchBrief() {
  const english = loadCorpus()
    .filter((b) => b.language === 'en')
    .sort((x, y) => words(y.research_summary) - words(x.research_summary));
  const [longest, next] = english;
  if (!longest || !next) throw new Error('the brief corpus has fewer than two English briefs');
  let summary = longest.research_summary;
  for (const sentence of next.research_summary.match(/[^.!?]+[.!?]+/g) ?? []) {
    if (words(summary) >= BENCH_BRIEF_WORDS) break;
    summary = `${summary} ${sentence.trim()}`;
  }
  return { ...longest, research_summary: summary };
}

/**
 * The offline text engine in process (no HTTP, no database): generate_angles' planning and
 * realisation on a 250-word brief (extraction, then planning, as generate_angles does offline),
 * and prepare_campaign's copy for 3 angles × 3 platforms. The NLP library's one-time load is
 * measured apart.
 */
export async function benchCopy(runs: number): Promise<CopyBenchResult> {
  const corpus = benchBrief();
  const brief = goldBrief(corpus);
  const t0 = performance.now();
  await loadNlp();
  const nlpLoadMs = performance.now() - t0;
  const generateAngles = async () => {
    const fields = await extractBrief({
      researchSummary: corpus.research_summary,
      language: corpus.language,
      clientName: corpus.client_name,
    });
    return anglesFromBrief({ ...fields, research_summary: corpus.research_summary });
  };
  let angles = await generateAngles();
  const angleTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    angles = await generateAngles();
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
    brief_words: words(corpus.research_summary),
    nlp_load_ms: r(nlpLoadMs),
    generate_angles_p50_ms: r(median(angleTimes)),
    generate_angles_p95_ms: r(percentile(angleTimes, 95)),
    prepare_copy_p50_ms: r(median(copyTimes)),
    prepare_copy_p95_ms: r(percentile(copyTimes, 95)),
    runs,
  };
}
