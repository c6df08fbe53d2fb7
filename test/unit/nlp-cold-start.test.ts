import { describe, expect, it } from 'vitest';

describe('cold start', () => {
  it('the router does not load the NLP library', async () => {
    await import('#api/router.ts');
    const { nlpLoaded } = await import('#core/text/nlp.ts');
    expect(nlpLoaded()).toBe(false);
  }, 60_000);
});
