import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionNames } from '#api/actions/index.ts';
import { renderOpenApiDocument } from '#api/openapi.ts';
import { EXAMPLE_IDS } from '#api/openapi-examples.ts';
import { results } from '#api/results.ts';
import { createTestPool, type TestPool } from './cognito.ts';
import { startTestApi, type TestApi } from './harness.ts';

type Schema = {
  properties?: Record<string, unknown>;
  required?: string[];
  'x-credential'?: 'api_key' | 'user_token';
};
type Doc = {
  paths: Record<string, { post: any }>;
  components: { schemas: Record<string, Schema> };
};

const text = await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const doc = JSON.parse(text) as Doc;
const media = doc.paths['/']?.post.requestBody.content['application/json'];
const examples = media.examples as Record<string, { value: Record<string, unknown> }>;
const requestRefs = (media.schema.oneOf as { $ref: string }[]).map((r) => r.$ref);
const requestSchema = (action: string): Schema => {
  const name = media.schema.discriminator.mapping[action] as string;
  const schema = doc.components.schemas[name.replace('#/components/schemas/', '')];
  if (!schema) throw new Error(`no request schema for ${action}`);
  return schema;
};

let api: TestApi;
let pool: TestPool;
let token: string;
const ids: Record<keyof typeof EXAMPLE_IDS, string> = { ...EXAMPLE_IDS };

beforeAll(async () => {
  pool = await createTestPool();
  api = await startTestApi({ verifyUserToken: pool.verifier });
  const user = await pool.signUpAndLogIn();
  token = user.accessToken;
  const created = await api.call('create_api_key', { name: 'contract' }, { token });
  expect(created.status).toBe(200);
  ids.apiKey = created.body.api_key.id;
  const client = await api.call('create_client', { name: 'Contract Co' });
  ids.client = client.body.client.id;
  const angles = await api.call('generate_angles', {
    client_id: ids.client,
    research_summary: 'Contract Co sells durable rain jackets to city cyclists who commute daily.',
  });
  expect(angles.status).toBe(200);
  ids.angle = angles.body.angles[0].id;
  const asset = await api.call('create_asset_upload', {
    client_id: ids.client,
    kind: 'logo',
    content_type: 'image/png',
    content_length: 1000,
  });
  expect(asset.status).toBe(200);
  ids.asset = asset.body.asset.id;
  const campaign = await api.call('create_campaign', { client_id: ids.client, volume: 1 });
  ids.campaign = campaign.body.campaign.id;
  const job = await api.call('generate_creatives', { campaign_id: ids.campaign });
  expect(job.status).toBe(200);
  ids.job = job.body.job_id;
});
afterAll(() => api?.close());

/** The example with its placeholder ids replaced by real ones of this test's account. */
function realExample(action: string): Record<string, unknown> {
  let json = JSON.stringify(examples[action]?.value);
  for (const key of Object.keys(EXAMPLE_IDS) as (keyof typeof EXAMPLE_IDS)[]) {
    json = json.replaceAll(EXAMPLE_IDS[key], ids[key]);
  }
  return JSON.parse(json);
}

/** One body the router must refuse: a required field of the wrong type, or else a bad field. */
function invalidExample(action: string): Record<string, unknown> {
  const schema = requestSchema(action);
  const required = (schema.required ?? []).filter((f) => f !== 'action');
  const body = realExample(action);
  const first = required[0];
  if (first) body[first] = 12345;
  else if (schema.properties && 'limit' in schema.properties) body.limit = 'ten';
  else body.unexpected_field = true;
  return body;
}

function credentialOf(action: string) {
  return requestSchema(action)['x-credential'] === 'user_token' ? { token } : { apiKey: api.apiKey };
}

function send(body: Record<string, unknown>, auth: { apiKey?: string; token?: string }) {
  const headers: Record<string, string> = {};
  if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  return api.post(JSON.stringify(body), headers);
}

describe('docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document and is what the schemas generate', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(text).toBe(renderOpenApiDocument());
    // Prism does not honour a jsonSchemaDialect key and skips request validation when it is there.
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
  });

  it('declares the Idempotency-Key header (optional) and the Idempotent-Replayed answer header', () => {
    const post = doc.paths['/']?.post;
    const parameter = post.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
    expect(parameter).toMatchObject({ in: 'header', required: false, schema: { maxLength: 255 } });
    for (const action of ['create_client', 'generate_creatives', 'prepare_campaign', 'revoke_api_key']) {
      expect(parameter.description).toContain(action);
    }
    expect(parameter.description).not.toContain('list_clients');
    expect(post.responses['200'].headers).toHaveProperty('Idempotent-Replayed');
  });

  it("lists exactly the router's actions, each with a request, a result, an example and a credential", () => {
    expect(Object.keys(media.schema.discriminator.mapping).sort()).toEqual([...actionNames].sort());
    expect(Object.keys(examples).sort()).toEqual([...actionNames].sort());
    expect(requestRefs).toHaveLength(actionNames.length);
    for (const action of actionNames) {
      const schema = requestSchema(action);
      expect(schema.properties?.action).toEqual({ type: 'string', const: action });
      expect(['api_key', 'user_token']).toContain(schema['x-credential']);
      expect(examples[action]?.value.action).toBe(action);
    }
    expect(Object.keys(doc.components as object)).toContain('securitySchemes');
  });
});

describe('the router accepts what the document describes', () => {
  // revoke_api_key last: it revokes the key the other examples do not use.
  const order = [...actionNames.filter((a) => a !== 'revoke_api_key'), 'revoke_api_key'];

  it.each(order)('%s: the example answers 200 with its documented result', async (action) => {
    const res = await send(realExample(action), credentialOf(action));
    expect(res.status, res.text).toBe(200);
    const parsed = results[action as keyof typeof results].safeParse(res.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it.each(order)('%s: an invalid example answers 400 validation_error', async (action) => {
    const res = await send(invalidExample(action), credentialOf(action));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });
});
