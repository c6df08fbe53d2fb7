import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionNames } from '#api/actions/index.ts';
import { renderOpenApiDocument } from '#api/openapi.ts';
import { results } from '#api/results.ts';
import {
  type ContractDoc,
  contractOf,
  contractOrder,
  createExampleFixtures,
  exampleBodies,
} from '../../scripts/lib/contract-examples.ts';
import { createTestPool, type TestPool } from './cognito.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { runWorkers } from './worker-harness.ts';

const text = await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const doc = JSON.parse(text) as ContractDoc;
const { media, examples, requestSchema } = contractOf(doc);
const requestRefs = (media.schema.oneOf as { $ref: string }[]).map((r) => r.$ref);

let api: TestApi;
let workers: { stop(): Promise<void> } | undefined;
let pool: TestPool;
let token: string;
let bodies: ReturnType<typeof exampleBodies>;

beforeAll(async () => {
  pool = await createTestPool();
  api = await startTestApi({ verifyUserToken: pool.verifier });
  // review_creatives' example needs a finished creative.
  workers = runWorkers(api);
  const user = await pool.signUpAndLogIn();
  token = user.accessToken;
  const ids = await createExampleFixtures(api.call, { apiKey: api.apiKey, token });
  bodies = exampleBodies(doc, ids);
});
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

function credentialOf(action: string) {
  return bodies.credential(action) === 'user_token' ? { token } : { apiKey: api.apiKey };
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
  const order = contractOrder(actionNames);

  it.each(order)('%s: the example answers 200 with its documented result', async (action) => {
    const res = await send(bodies.valid(action), credentialOf(action));
    expect(res.status, res.text).toBe(200);
    const parsed = results[action as keyof typeof results].safeParse(res.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it.each(order)('%s: an invalid example answers 400 validation_error', async (action) => {
    const res = await send(bodies.invalid(action), credentialOf(action));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });
});
