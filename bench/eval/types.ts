import type { BriefFields } from '#core/brief/schema.ts';
import type { Nlp } from '#core/text/nlp.ts';
import type { CorpusBrief, Half } from './corpus.ts';

/**
 * What every section of `npm run eval:briefs` gets for one half of the corpus. `extracted` is
 * computed once per brief and shared; `memo` lets a section share anything else it computes
 * (angles, copy, prompts) with a later section under its own key.
 */
export type EvalContext = {
  half: Half;
  briefs: readonly CorpusBrief[];
  extracted(brief: CorpusBrief): Promise<BriefFields>;
  memo<T>(key: string, brief: CorpusBrief, compute: () => Promise<T>): Promise<T>;
  nlp(): Promise<Nlp>;
  verbose: boolean;
};

/** A figure with its threshold; a missed gate makes the script exit non-zero. */
export type Gate = { name: string; value: number; ok: boolean; want: string };

export type SectionResult = {
  /** Rows of `name: value` to print, in order. */
  rows: Array<[string, string]>;
  gates: Gate[];
  /** Printed with --verbose: what missed, per brief. */
  details?: string[];
};

/**
 * One module per section under bench/eval/sections/, named `NN-topic.ts` (NN orders them),
 * exporting `section`. Adding a metric is adding a file: the script finds the modules itself.
 */
export type EvalSection = {
  title: string;
  run(ctx: EvalContext): Promise<SectionResult>;
};

export const gate = (name: string, value: number, ok: boolean, want: string): Gate => ({
  name,
  value,
  ok,
  want,
});
export const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
