import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../bench/eval/corpus.ts';
import { runEval } from '../../bench/eval/run.ts';
import { section as pictures } from '../../bench/eval/sections/60-pictures.ts';

/**
 * Issue 23's gates, held in CI: every gate of `npm run eval:briefs` on both halves of the shared
 * corpus (../shared/briefs beside the clone). A missing corpus fails here; it is never skipped.
 * The picture-prompt section belongs to issue 24, whose prompt gate is not met yet (the stored
 * brief's subject names the gold subject in 85 % / 55 % of briefs); `npm run eval:briefs` prints
 * and gates it, and it joins this test when it holds.
 */
describe('the brief corpus gates (npm run eval:briefs)', () => {
  it('meets every gate of the brief, hook and copy sections on the odd and the even half', async () => {
    expect(existsSync(corpusDir()), `the brief corpus is missing at ${corpusDir()}`).toBe(true);
    const { reports, missed } = await runEval({ halves: ['odd', 'even'] });
    expect(reports.map((r) => r.briefs)).toEqual([20, 20]);
    expect(reports[0]?.sections.length).toBeGreaterThanOrEqual(5);
    const held = missed.filter((g) => g.section !== pictures.title);
    expect(held.map((g) => `${g.half} · ${g.section} · ${g.name} ${g.want} (got ${g.value})`)).toEqual([]);
  }, 120_000);
});
