import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '#core/errors.ts';
import { createBedrockTextModel } from '#core/text/bedrock-model.ts';
import { writeCampaignCopy } from '#core/text/campaign-copy.ts';
import { generateCheckedAngles } from '#core/text/checked-angles.ts';
import { enforceCopyRules } from '#core/text/copy-rules.ts';
import { PLATFORM_LIMITS } from '#core/text/platform-limits.ts';
import { AWARENESS_LEVELS } from '#core/text/types.ts';

const MODEL = 'amazon.nova-pro-v1:0';
type Reply = { status: number; body: unknown; errorType?: string };
let replies: Reply[] = [];
let requests: { path: string; body: any }[] = [];
let server: Server;
let endpoint: string;

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    requests.push({ path: decodeURIComponent(req.url ?? ''), body: await readJson(req) });
    const reply = replies.shift() ?? { status: 500, body: { message: 'nothing scripted' } };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (reply.errorType) headers['x-amzn-errortype'] = reply.errorType;
    res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  replies = [];
  requests = [];
});

const client = () =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint,
    maxAttempts: 1,
    credentials: { accessKeyId: 't', secretAccessKey: 't' },
    requestHandler: new NodeHttpHandler({ requestTimeout: 10_000 }),
  });

/**
 * A Converse answer in the recorded shape: the model calls our tool with `input`. Source (read
 * 2026-11-23): "Converse" response elements `output.message.content[].toolUse { toolUseId, name,
 * input }`, `stopReason` (end_turn | tool_use | max_tokens | …), `usage`, `metrics.latencyMs`,
 * docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html; errors as a status
 * with `x-amzn-errortype` (ThrottlingException 429) on the same page.
 */
const toolReply = (name: string, input: unknown): Reply => ({
  status: 200,
  body: {
    output: {
      message: { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name, input } }] },
    },
    stopReason: 'tool_use',
    usage: { inputTokens: 812, outputTokens: 1530, totalTokens: 2342 },
    metrics: { latencyMs: 4210 },
  },
});

const angles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Angle ${i + 1}`,
    hook: `Hook ${i + 1} about fresh coffee`,
    awareness_level: AWARENESS_LEVELS[i % 5],
    visual_style: 'warm editorial photo',
    copy_direction: 'Lead with the pain.',
  }));

const input = {
  researchSummary: 'Ember & Oak roasts small-batch coffee for remote workers.',
  language: 'de',
  clientName: 'Ember & Oak',
};

describe('Bedrock text model (Converse, forced tool use)', () => {
  it('sends a forced tool call with the angle schema and returns ten validated angles', async () => {
    replies = [toolReply('submit_angles', { angles: angles(10) })];
    const result = await createBedrockTextModel(client(), MODEL).generateAngles(input);
    expect(result).toHaveLength(10);
    expect(requests[0]?.path).toBe(`/model/${MODEL}/converse`);
    const body = requests[0]?.body;
    expect(body.toolConfig.toolChoice).toEqual({ tool: { name: 'submit_angles' } });
    const schema = body.toolConfig.tools[0].toolSpec.inputSchema.json;
    expect(schema.properties.angles).toMatchObject({ minItems: 10, maxItems: 10 });
    expect(body.system[0].text).toContain('"de"');
    expect(body.messages[0].content[0].text).toContain('Ember & Oak roasts small-batch coffee');
  });

  it('repairs what it safely can (repeated names, level spelling)', async () => {
    const repeated = angles(10).map((a, i) => ({
      ...a,
      name: i < 2 ? 'Same name' : a.name,
      awareness_level: i === 0 ? 'Problem Aware' : a.awareness_level,
    }));
    replies = [toolReply('submit_angles', { angles: repeated })];
    const result = await createBedrockTextModel(client(), MODEL).generateAngles(input);
    expect(new Set(result.map((a) => a.name)).size).toBe(10);
    expect(result[0]?.awareness_level).toBe('problem_aware');
  });

  it('asks once more after nine angles, naming the problem, and accepts a valid second answer', async () => {
    replies = [
      toolReply('submit_angles', { angles: angles(9) }),
      toolReply('submit_angles', { angles: angles(10) }),
    ];
    const result = await createBedrockTextModel(client(), MODEL).generateAngles(input);
    expect(result).toHaveLength(10);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.messages[0].content[0].text).toMatch(/rejected: .*10/);
  });

  it('answers 502 upstream_error after nine angles twice, and after malformed input twice', async () => {
    replies = [
      toolReply('submit_angles', { angles: angles(9) }),
      toolReply('submit_angles', { angles: angles(9) }),
    ];
    const nine = await createBedrockTextModel(client(), MODEL)
      .generateAngles(input)
      .catch((e) => e);
    expect(nine).toBeInstanceOf(UpstreamError);
    expect(nine.status).toBe(502);
    replies = [
      toolReply('submit_angles', 'not json at all {'),
      toolReply('submit_angles', { angles: 'many' }),
    ];
    await expect(createBedrockTextModel(client(), MODEL).generateAngles(input)).rejects.toBeInstanceOf(
      UpstreamError,
    );
  });

  it('turns throttling into a 502 that says the model is busy', async () => {
    replies = [{ status: 429, errorType: 'ThrottlingException', body: { message: 'Too many tokens' } }];
    const error = await createBedrockTextModel(client(), MODEL)
      .generateAngles(input)
      .catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toMatch(/busy/);
  });

  it('drafts copy that the shared rules then hold to the limits and banned words', async () => {
    const long =
      'Our cheapest coffee ever, roasted fresh every single morning for people who really love coffee';
    replies = [
      toolReply('submit_copy', {
        copy: [
          {
            angle_id: null,
            platform: 'meta_feed',
            headline: long,
            primary_text: `${long}. ${long}.`,
            description: long,
            cta: 'Buy the cheapest bag today',
          },
          {
            angle_id: null,
            platform: 'myspace',
            headline: 'x',
            primary_text: 'x',
            description: 'x',
            cta: 'x',
          },
        ],
      }),
    ];
    const drafts = await createBedrockTextModel(client(), MODEL).draftCopy({
      clientName: 'Ember & Oak',
      campaign: { name: 'Spring', cta_text: '', offer_text: '', platform_target: ['meta_feed'] },
      angles: [],
      brand: { tone_of_voice: 'warm', tagline: '', banned_words: ['cheapest'] },
    });
    expect(drafts.map((d) => d.platform)).toEqual(['meta_feed']);
    const [copy] = drafts.map((d) => enforceCopyRules(d, ['cheapest']));
    expect(copy?.headline.length).toBeLessThanOrEqual(PLATFORM_LIMITS.meta_feed.headline);
    expect(copy?.primary_text.length).toBeLessThanOrEqual(PLATFORM_LIMITS.meta_feed.primary_text);
    expect(JSON.stringify(copy)).not.toMatch(/cheapest/i);
    expect(requests[0]?.body.system[0].text).toContain('cheapest');
  });
});

describe('Bedrock answers held to the offline validators', () => {
  const summary =
    'Ember & Oak is a small-batch coffee subscription for remote workers who are tired of stale supermarket beans. Customers rate us 4.8 stars from 2,300 reviews.';

  it('repairs once, then replaces invalid angles with offline ones and warns; passes "ja" through', async () => {
    const bad = angles(10).map((a, i) =>
      i === 0 ? { ...a, hook: 'Cheapest coffee, 99% off, guaranteed.' } : a,
    );
    replies = [toolReply('submit_angles', { angles: bad }), toolReply('submit_angles', { angles: bad })];
    const { angles: out, warnings } = await generateCheckedAngles({
      model: createBedrockTextModel(client(), MODEL),
      researchSummary: summary,
      language: 'ja',
      clientName: 'Ember & Oak',
      bannedWords: ['cheapest'],
    });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body.system[0].text).toContain('"ja"');
    expect(requests[1]?.body.messages[0].content[0].text).toMatch(/banned word|99%|guaranteed/);
    expect(out).toHaveLength(10);
    expect(JSON.stringify(out)).not.toMatch(/cheapest|99%|guaranteed/i);
    expect(warnings.join(' ')).toMatch(/offline engine/);
  });

  it('copy: an over-long headline, a banned word and an invented number are repaired or replaced, with a warning', async () => {
    const draft = {
      angle_id: null,
      platform: 'meta_feed',
      headline: 'The cheapest coffee subscription in the whole wide world',
      primary_text: 'Save 70% on every bag this month.',
      description: 'Fresh coffee',
      cta: 'Shop now',
    };
    replies = [toolReply('submit_copy', { copy: [draft] }), toolReply('submit_copy', { copy: [draft] })];
    const { copy, warnings } = await writeCampaignCopy({
      model: createBedrockTextModel(client(), MODEL),
      clientName: 'Ember & Oak',
      campaign: {
        name: 'EO_Spring',
        cta_text: '',
        offer_text: 'First bag free',
        platform_target: ['meta_feed'],
      },
      angles: [],
      latestAngles: [],
      brand: {
        tone_of_voice: 'warm',
        tagline: 'Roasted Monday. Yours by Wednesday.',
        banned_words: ['cheapest'],
      },
    });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.messages[0].content[0].text).toMatch(/characters, limit 27/);
    const [v] = copy;
    expect(v?.headline.length).toBeLessThanOrEqual(PLATFORM_LIMITS.meta_feed.headline);
    expect(JSON.stringify(v)).not.toMatch(/cheapest|70%/i);
    expect(v?.description).toBe('Fresh coffee');
    expect(warnings.join(' ')).toMatch(/headline, primary text.*offline engine/);
  });
});
