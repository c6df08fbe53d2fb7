/**
 * docs/deploy.md and docs/cost.md state what the code knows (idle inventory from the synthesized
 * template, cost per 1,000 images from the cost model, job statuses from the schema, the retained
 * resources of a teardown): they must read as `npm run deploy-doc` writes them now.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { COST_DOC, DEPLOY_DOC, idleTable, renderDocs, synthesized } from '../../scripts/deploy-doc.ts';

describe('docs/deploy.md', () => {
  it('is current with the template, the cost model and the job schema (npm run deploy-doc rewrites it)', async () => {
    const docs = await renderDocs();
    expect(await readFile(DEPLOY_DOC, 'utf8')).toBe(docs.deploy);
    expect(await readFile(COST_DOC, 'utf8')).toBe(docs.cost);
  });

  it('counts what the template holds: one more alarm changes the idle table', () => {
    const stacks = synthesized();
    const before = idleTable(stacks);
    const [id, alarm] =
      Object.entries(stacks.stateless).find(([, r]) => r.Type === 'AWS::CloudWatch::Alarm') ?? [];
    expect(alarm).toBeDefined();
    const after = idleTable({ stateless: { ...stacks.stateless, [`${id}Copy`]: alarm as never } });
    expect(after).not.toBe(before);
    expect(before).toMatch(/(\d+) alarms reading (\d+) metrics/);
  });
});
