import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '#core/errors.ts';
import { createBedrockTextModel } from '#core/text/bedrock-model.ts';
import { writeCampaignCopy } from '#core/text/campaign-copy.ts';
import { generateCheckedAngles, modelBrief } from '#core/text/checked-angles.ts';
import { PLATFORM_LIMITS } from '#core/text/platform-limits.ts';
import { supportsStructuredOutput } from '#core/text/structured-call.ts';
import type { BriefForPlanning } from '#core/text/types.ts';
import { AWARENESS_LEVELS } from '#core/text/types.ts';

/** The default text model (an inference profile of Claude Haiku 4.5: structured output) and one that answers through tool use. */
const HAIKU = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';
const NOVA = 'amazon.nova-2-lite-v1:0';
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

/**
 * A structured-output answer (Converse `outputConfig.textFormat`): the JSON is the text of the
 * assistant message. Source (read 2026-11-25): Bedrock user guide "Get validated JSON results from
 * models" and API reference OutputFormat / JsonSchemaDefinition.
 */
const jsonReply = (value: unknown): Reply => ({
  status: 200,
  body: {
    output: {
      message: {
        role: 'assistant',
        content: [{ text: typeof value === 'string' ? value : JSON.stringify(value) }],
      },
    },
    stopReason: 'end_turn',
    usage: { inputTokens: 900, outputTokens: 1200, totalTokens: 2100 },
    metrics: { latencyMs: 3100 },
  },
});

const summary =
  'Hartley & Sons Roofing, family-run since 1987. Proof points: 4.9/5 on Checkatrade from 312 reviews. Offer: free drone roof survey, booked within 48 hours. Pains: leaks found after winter storms.';
const brief: BriefForPlanning = {
  language: 'en',
  business_name: 'Hartley & Sons Roofing',
  category: 'home services > roofing',
  subject: 'a roofer replacing slate tiles on a terraced house',
  product: 'roof repairs',
  audience: '',
  location: 'Leeds',
  tone: '',
  mandatories: [],
  avoid: ['guarantee'],
  facts: [
    { id: 'f1', role: 'proof', text: 'family-run since 1987', span: null, numbers: ['1987'] },
    {
      id: 'f2',
      role: 'proof',
      text: '4.9/5 on Checkatrade from 312 reviews',
      span: null,
      numbers: ['4.9/5', '312'],
    },
    {
      id: 'f3',
      role: 'offer',
      text: 'free drone roof survey, booked within 48 hours',
      span: null,
      numbers: ['48 hours'],
    },
    { id: 'f4', role: 'pain', text: 'leaks found after winter storms', span: null, numbers: [] },
  ],
  research_summary: summary,
};

const angles = (
  n: number,
  hook = (i: number) => `Leaks found after winter storms? Family-run since 1987 (${i}).`,
) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Angle ${'ABCDEFGHIJ'[i]}`,
    hook: hook(i).replace(/ \(\d+\)/, i === 0 ? '' : ` and ${'very '.repeat(i)}local`),
    awareness_level: AWARENESS_LEVELS[i % 5],
    visual_style: 'a roofer on a slate roof at dawn',
    copy_direction: 'Lead with the pain.',
    fact_ids: ['f4', 'f1'],
  }));

describe('Bedrock text path: request shapes by model', () => {
  it('Claude Haiku 4.5 (an inference profile): structured output with the JSON schema generated from zod; the prompt carries the facts', async () => {
    expect(supportsStructuredOutput(HAIKU)).toBe(true);
    replies = [jsonReply({ angles: angles(10) })];
    const result = await createBedrockTextModel(client(), HAIKU).generateAngles({ brief });
    expect(result).toHaveLength(10);
    expect(requests[0]?.path).toBe(`/model/${HAIKU}/converse`);
    const body = requests[0]?.body;
    expect(body.toolConfig).toBeUndefined();
    expect(body.inferenceConfig.maxTokens).toBeGreaterThan(0);
    const format = body.outputConfig.textFormat;
    expect(format.type).toBe('json_schema');
    const schema = JSON.parse(format.structure.jsonSchema.schema);
    // Generated from the zod schema, trimmed to what structured output accepts (zod checks the rest).
    expect(schema.properties.angles.items.required).toEqual(
      expect.arrayContaining(['hook', 'fact_ids', 'awareness_level']),
    );
    expect(JSON.stringify(schema)).not.toMatch(/maxLength|maxItems|"pattern"/);
    const prompt = body.messages[0].content[0].text;
    for (const f of brief.facts) expect(prompt).toContain(`${f.id} (${f.role}): ${f.text}`);
    expect(prompt).toContain('Never say: guarantee');
  });

  it('Nova 2 Lite: forced tool use with the full generated schema (ten items pinned)', async () => {
    expect(supportsStructuredOutput(NOVA)).toBe(false);
    replies = [toolReply('submit_angles', { angles: angles(10) })];
    const result = await createBedrockTextModel(client(), NOVA).generateAngles({ brief });
    expect(result).toHaveLength(10);
    const body = requests[0]?.body;
    expect(body.outputConfig).toBeUndefined();
    expect(body.toolConfig.toolChoice).toEqual({ tool: { name: 'submit_angles' } });
    const schema = body.toolConfig.tools[0].toolSpec.inputSchema.json;
    expect(schema.properties.angles).toMatchObject({ minItems: 10, maxItems: 10 });
  });

  it('the model reads the brief against the Brief schema; spans are found in the summary', async () => {
    replies = [
      jsonReply({
        language: 'en',
        business_name: 'Hartley & Sons Roofing',
        category: 'home services > roofing',
        subject: 'a roofer on a slate roof',
        product: 'roof repairs',
        audience: '',
        location: '',
        tone: '',
        mandatories: [],
        avoid: [],
        facts: [
          {
            id: 'f1',
            role: 'proof',
            text: '4.9/5 on Checkatrade from 312 reviews',
            numbers: ['4.9/5', '312'],
          },
        ],
      }),
    ];
    const read = await modelBrief(createBedrockTextModel(client(), HAIKU), {
      researchSummary: summary,
      language: 'en',
      clientName: 'Hartley & Sons Roofing',
    });
    expect(read.facts[0]?.span).toEqual([
      summary.indexOf('4.9/5'),
      summary.indexOf('4.9/5') + '4.9/5 on Checkatrade from 312 reviews'.length,
    ]);
    const schema = JSON.parse(requests[0]?.body.outputConfig.textFormat.structure.jsonSchema.schema);
    expect(schema.properties.facts.items.properties.role.enum).toContain('proof');
    expect(requests[0]?.body.messages[0].content[0].text).toContain(summary);
  });

  it('turns throttling into a 502 that says the model is busy', async () => {
    replies = [{ status: 429, errorType: 'ThrottlingException', body: { message: 'Too many tokens' } }];
    const error = await createBedrockTextModel(client(), HAIKU)
      .generateAngles({ brief })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toMatch(/busy/);
  });
});

describe('Bedrock answers held to the one copy policy: one repair, then 502', () => {
  it('an invented rating and a label are named in one repair request; a clean second answer is kept', async () => {
    const bad = angles(10).map((a, i) =>
      i === 0 ? { ...a, hook: 'Proof points: rated 5 stars by 400 homeowners.' } : a,
    );
    replies = [jsonReply({ angles: bad }), jsonReply({ angles: angles(10) })];
    const { angles: out } = await generateCheckedAngles({
      model: createBedrockTextModel(client(), HAIKU),
      brief,
      bannedWords: [],
    });
    expect(out).toHaveLength(10);
    expect(requests).toHaveLength(2);
    const repair = requests[1]?.body.messages[0].content[0].text;
    expect(repair).toMatch(/rejected: .*not in the brief: 5, 400/);
    expect(repair).toMatch(/label/);
  });

  it('answers 502 when the repaired answer still breaks the policy, and after two answers outside the schema', async () => {
    const bad = angles(10).map((a, i) => (i === 0 ? { ...a, hook: 'The cheapest roofer, guaranteed.' } : a));
    replies = [jsonReply({ angles: bad }), jsonReply({ angles: bad })];
    const error = await generateCheckedAngles({
      model: createBedrockTextModel(client(), HAIKU),
      brief,
      bannedWords: ['cheap'],
    }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(502);
    replies = [jsonReply('not json {'), jsonReply({ angles: angles(9) })];
    await expect(
      generateCheckedAngles({ model: createBedrockTextModel(client(), HAIKU), brief, bannedWords: [] }),
    ).rejects.toBeInstanceOf(UpstreamError);
  });

  it("copy: the prompt carries the brief's facts; a repeated sentence and an over-long headline are repaired once", async () => {
    const ad = (headline: string) => ({
      angle_id: null,
      platform: 'meta_feed',
      headline,
      primary_text: 'Leaks found after winter storms? Free drone roof survey, booked within 48 hours.',
      description: 'Family-run since 1987',
      cta: 'Book now',
    });
    replies = [
      jsonReply({ copy: [ad('Family-run since 1987 in the whole of Leeds')] }),
      jsonReply({ copy: [ad('Rated 4.9/5 on Checkatrade')] }),
    ];
    const { copy } = await writeCampaignCopy({
      model: createBedrockTextModel(client(), HAIKU),
      brief,
      campaign: { name: 'HS_Q4', cta_text: 'Book now', offer_text: '', platform_target: ['meta_feed'] },
      angles: [],
      brand: { tone_of_voice: 'plain-spoken', tagline: '', banned_words: [] },
    });
    const prompt = requests[0]?.body.messages[0].content[0].text;
    for (const f of brief.facts) expect(prompt).toContain(f.text);
    expect(requests[1]?.body.messages[0].content[0].text).toMatch(/characters, limit 27/);
    expect(copy[0]?.headline).toBe('Rated 4.9/5 on Checkatrade');
    expect([...(copy[0]?.headline ?? '')].length).toBeLessThanOrEqual(PLATFORM_LIMITS.meta_feed.headline);
    expect(copy[0]?.cta_type).toBe('BOOK_NOW');
  });
});
