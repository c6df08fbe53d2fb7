import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { createCampaignInput } from '../../lambdas/api/actions/create-campaign.ts';
import { createClientAction } from '../../lambdas/api/actions/create-client.ts';
import { createWebhookEndpointAction } from '../../lambdas/api/actions/create-webhook-endpoint.ts';
import { generateAnglesAction } from '../../lambdas/api/actions/generate-angles.ts';
import { updateBrandKitInput } from '../../lambdas/api/actions/update-brand-kit.ts';
import { updateCampaignInput } from '../../lambdas/api/actions/update-campaign.ts';

const CLIENT = '0b7c1a52-3f0e-4a8e-9d55-6a1f0c2b9e11';
const CAMPAIGN = '5d0f7a3e-1c2b-4e6f-8a9d-2b3c4d5e6f70';

function issues(schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

describe('URL fields refuse userinfo (user:password@), naming the field', () => {
  const forms = [
    'https://user:secret@cdn.example.com/p.png',
    'https://user@cdn.example.com/p.png',
    'https://:secret@cdn.example.com/p.png',
    'https://@cdn.example.com/p.png',
    'HTTPS://User:Pw@CDN.example.com:8443/p.png',
    'https://a%40b:c@cdn.example.com/p.png',
  ];
  const fields: { name: string; schema: z.ZodType; body: (url: string) => unknown; path: string }[] = [
    {
      name: 'product_image_url',
      schema: createCampaignInput,
      body: (u) => ({ client_id: CLIENT, product_image_url: u }),
      path: 'product_image_url',
    },
    {
      name: 'reference_image_url',
      schema: createCampaignInput,
      body: (u) => ({ client_id: CLIENT, reference_image_url: u }),
      path: 'reference_image_url',
    },
    {
      name: 'landing_url',
      schema: createCampaignInput,
      body: (u) => ({ client_id: CLIENT, landing_url: u }),
      path: 'landing_url',
    },
    {
      name: 'update_campaign product_image_url',
      schema: updateCampaignInput,
      body: (u) => ({ campaign_id: CAMPAIGN, product_image_url: u }),
      path: 'product_image_url',
    },
    {
      name: 'logo_url',
      schema: updateBrandKitInput,
      body: (u) => ({ client_id: CLIENT, logo_url: u }),
      path: 'logo_url',
    },
    {
      name: 'webhook url',
      schema: createWebhookEndpointAction.input,
      body: (u) => ({ url: u, events: ['job.completed'] }),
      path: 'url',
    },
  ];

  it.each(fields)('$name', ({ schema, body, path }) => {
    for (const form of forms) {
      const found = issues(schema, body(form));
      expect(
        found.map((i) => i.path),
        form,
      ).toContain(path);
      expect(
        found.some((i) => i.path === path && /user name or password/.test(i.message)),
        form,
      ).toBe(true);
    }
  });

  it('an @ in the path, query or fragment is not userinfo', () => {
    for (const ok of [
      'https://cdn.example.com/@brand/p.png',
      'https://cdn.example.com/p.png?by=a@b.com',
      'https://cdn.example.com/p.png#@x',
    ]) {
      expect(issues(createCampaignInput, { client_id: CLIENT, product_image_url: ok }), ok).toEqual([]);
    }
  });
});

describe('text that is not well-formed UTF-16 is refused, naming the field', () => {
  const lone = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];
  const fields: { name: string; schema: z.ZodType; body: (text: string) => unknown; path: string }[] = [
    {
      name: 'client name',
      schema: createClientAction.input,
      body: (t) => ({ name: `Acme ${t}` }),
      path: 'name',
    },
    {
      name: 'campaign offer',
      schema: createCampaignInput,
      body: (t) => ({ client_id: CLIENT, offer_text: `20% off ${t}` }),
      path: 'offer_text',
    },
    {
      name: 'banned word',
      schema: updateBrandKitInput,
      body: (t) => ({ client_id: CLIENT, banned_words: ['cheap', `x${t}`] }),
      path: 'banned_words.1',
    },
    {
      name: 'research summary',
      schema: generateAnglesAction.input,
      body: (t) => ({ client_id: CLIENT, research_summary: `Our customers love the cold brew.\n${t}` }),
      path: 'research_summary',
    },
  ];

  it.each(fields)('$name', ({ schema, body, path }) => {
    for (const text of lone) {
      expect(issues(schema, body(text)), JSON.stringify(text)).toContainEqual({
        path,
        message: expect.stringMatching(/well-formed Unicode text \(lone UTF-16 surrogate at character \d+\)/),
      });
    }
  });

  it('a surrogate pair (an emoji) is well-formed and accepted', () => {
    expect(issues(createClientAction.input, { name: 'Acme \ud83d\ude00' })).toEqual([]);
  });
});
