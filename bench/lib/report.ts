import { bundleSection, firstRequests, presigning } from './report/bundle.ts';
import { costSection } from './report/cost.ts';
import type { Emit } from './report/format.ts';
import { ledgerSection } from './report/ledger.ts';
import { acceptance, headlineRatios, overview } from './report/overview.ts';
import { pipelineSection } from './report/pipeline.ts';
import { rendererSection, smartCut, workerMemory } from './report/renderer.ts';
import { routerSection } from './report/router.ts';
import { scalingSection } from './report/scaling.ts';
import { textEngine } from './report/text-engine.ts';
import type { Results } from './results.ts';

/** The sections of results.md, in order; each writes nothing when its figures are absent. */
const SECTIONS: ((r: Results, p: Emit) => void)[] = [
  overview,
  acceptance,
  headlineRatios,
  routerSection,
  bundleSection,
  firstRequests,
  presigning,
  rendererSection,
  smartCut,
  workerMemory,
  pipelineSection,
  scalingSection,
  costSection,
  textEngine,
  ledgerSection,
];

/** The readable twin of results.json. */
export function renderMarkdown(r: Results): string {
  const out: string[] = [];
  const p: Emit = (line = '') => {
    out.push(line);
  };
  for (const section of SECTIONS) section(r, p);
  return `${out.join('\n')}\n`;
}
