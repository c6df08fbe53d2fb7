import type { CorpusBrief } from '../../../eval/corpus.ts';
import { sampleOf } from '../../../eval/samples.ts';
import { hookGates, hookMetrics } from '../../../eval/sections/hooks.ts';
import { type EvalSection, gate } from '../types.ts';

/** Hooks and copy (issue 23 items 3–6): the metrics of eval/sections/hooks.ts on the offline engine's output. */
export const section: EvalSection = {
  title: 'hooks and copy (offline engine, extracted briefs)',
  async run(ctx) {
    const samples = await Promise.all(
      ctx.briefs.map((b) => ctx.memo('hooks', b, () => sampleOf(b as unknown as CorpusBrief))),
    );
    const { findings, ...m } = hookMetrics(samples);
    return {
      rows: Object.entries(m).map(([k, v]) => [k, String(v)]),
      gates: hookGates({ ...m, findings }).map((g) => gate(g.gate, g.value, g.ok, 'see rows')),
      details: findings.map((f) => `[${f.brief}] ${f.why}: ${f.text}`),
    };
  },
};
