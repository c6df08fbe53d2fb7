import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let clientId: string;
beforeAll(async () => {
  api = await startTestApi();
  clientId = (await api.call('create_client', { name: 'Plain' })).body.client.id;
});
afterAll(() => api?.close());

const SUMMARY =
  'Our customers love the cold brew: 4.8 stars from 1,200 reviews, free shipping over $30. Pains: bitter supermarket coffee; cold brew that goes flat in a day. Every bottle is brewed for 18 hours and keeps 3 weeks in the fridge. Subscribers can pause any time.';
const BAD: Record<string, string> = {
  NUL: '\u0000',
  'ANSI escape': '\u001b[31m',
  DEL: '\u007f',
  'C1 CSI': '\u009b',
  LRE: '\u202a',
  RLO: '\u202e',
  LRI: '\u2066',
  PDI: '\u2069',
  'line feed': '\n',
  tab: '\t',
};

/** Each text field, the action and the other fields it needs, and where the field sits. */
function cases(): {
  field: string;
  action: string;
  body: (bad: string) => Record<string, unknown>;
  path: string;
}[] {
  return [
    { field: 'client name', action: 'create_client', body: (b) => ({ name: `Ac${b}me` }), path: 'name' },
    {
      field: 'campaign name',
      action: 'create_campaign',
      body: (b) => ({ client_id: clientId, name: `Spring${b} sale` }),
      path: 'name',
    },
    {
      field: 'CTA',
      action: 'create_campaign',
      body: (b) => ({ client_id: clientId, cta_text: `Buy${b}now` }),
      path: 'cta_text',
    },
    {
      field: 'offer',
      action: 'create_campaign',
      body: (b) => ({ client_id: clientId, offer_text: `20%${b} off` }),
      path: 'offer_text',
    },
    {
      field: 'tagline',
      action: 'update_brand_kit',
      body: (b) => ({ client_id: clientId, tagline: `Fresh${b} daily` }),
      path: 'tagline',
    },
    {
      field: 'tone',
      action: 'update_brand_kit',
      body: (b) => ({ client_id: clientId, tone_of_voice: `warm${b}friendly` }),
      path: 'tone_of_voice',
    },
    {
      field: 'banned word',
      action: 'update_brand_kit',
      body: (b) => ({ client_id: clientId, banned_words: ['cheap', `free${b}bie`] }),
      path: 'banned_words.1',
    },
  ];
}

describe('control and bidi characters', () => {
  it.each(Object.entries(BAD))(
    '%s is refused with 400 naming the field, in every text field',
    async (_name, bad) => {
      for (const c of cases()) {
        const res = await api.call(c.action, c.body(bad));
        expect(res.status, `${c.field}: ${res.text}`).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details.issues).toContainEqual({
          path: c.path,
          message: expect.stringMatching(
            /control or bidirectional-formatting characters \(found U\+[0-9A-F]{4}\)/,
          ),
        });
      }
    },
  );

  it.each(Object.entries(BAD).filter(([name]) => !['line feed', 'tab'].includes(name)))(
    '%s is refused in the research summary',
    async (_name, bad) => {
      const res = await api.call('generate_angles', {
        client_id: clientId,
        research_summary: `${SUMMARY}${bad}`,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues).toContainEqual({
        path: 'research_summary',
        message: expect.any(String),
      });
    },
  );

  it('the research summary keeps its line feeds and tabs', async () => {
    const res = await api.call('generate_angles', {
      client_id: clientId,
      research_summary: `${SUMMARY}\n\tReviews:\n\t- "best coffee" (4.9 stars)`,
    });
    expect(res.status).toBe(200);
  });

  it('nothing with a refused character was stored', async () => {
    const items = await api.items();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    const pattern = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
    const strings = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    const offending = items.filter((item) => strings(item).some((text) => pattern.test(text)));
    expect(offending).toEqual([]);
  });
});
