import type { Results } from '../results.ts';
import type { Emit } from './format.ts';

/** The offline text engine, in process. */
export function textEngine(r: Results, p: Emit): void {
  if (!r.copy) return;
  p('## Text engine (offline, in process)');
  p();
  p(
    `generate_angles on a ${r.copy.brief_words}-word brief: p50 ${r.copy.generate_angles_p50_ms} ms, p95 ${r.copy.generate_angles_p95_ms} ms (budget p50 150 ms). ` +
      `prepare_campaign copy for 3 angles × 3 platforms: p50 ${r.copy.prepare_copy_p50_ms} ms, p95 ${r.copy.prepare_copy_p95_ms} ms (budget p50 30 ms). ` +
      `The NLP library loads once per process on the first call: ${r.copy.nlp_load_ms} ms; ${r.copy.runs} runs each.`,
  );
  p();
}
