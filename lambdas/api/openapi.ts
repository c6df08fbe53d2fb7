/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas the router validates with
 * (`actions[*].input`) and the result schemas of `results.ts`. `npm run openapi` writes it to
 * docs/openapi.json; CI checks that file is current. Not imported by the router.
 */
import * as z from 'zod';
import type { Credential } from './action.ts';
import { actions } from './actions/index.ts';
import { isWriteAction } from './idempotency-key.ts';
import { exampleInputs } from './openapi-examples.ts';
import { records, results } from './results.ts';

type JsonObject = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `create_campaign` → `CreateCampaign`. */
export const pascal = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const SECURITY_SCHEME: Record<Credential, string> = { api_key: 'ApiKey', user_token: 'BearerJwt' };

function clean(schema: unknown): JsonObject {
  const { $schema: _s, $id: _i, ...rest } = schema as JsonObject;
  return rest;
}

/** Sorts object keys recursively (arrays keep their order) so the file is stable. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as JsonObject)[k])]),
    );
  }
  return value;
}

const errorStatuses: Record<string, string> = {
  '400': 'invalid_json, validation_error or unknown_action',
  '401': 'unauthorized: no credential, or a malformed, unknown, revoked, expired or forged one',
  '402': 'insufficient_credits (generate_creatives): details {required, available}',
  '403': 'forbidden: the wrong kind of credential for the action',
  '404': 'not_found: an id that does not exist or belongs to another account',
  '409':
    'conflict; idempotency_key_reused: the Idempotency-Key was used with another action or body in the last 24 h; idempotency_in_progress: the first request with this key is still running (Retry-After says when to retry)',
  '413': 'payload_too_large: a body over 256 KiB',
  '429': 'rate_limited: stage throttling; retry with backoff',
  '500': 'internal_error',
  '502': 'upstream_error: a model answered something unusable',
};

/** Component schemas: each action's request (input side: defaults optional), its result, and the records. */
function componentSchemas(): JsonObject {
  // Requests: each action's input schema as the router sees it (input side: defaults optional).
  const inputs = z.registry<{ id: string }>();
  for (const action of actions) inputs.add(action.input, { id: `${pascal(action.name)}Request` });
  const inputSchemas = z.toJSONSchema(inputs, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas;

  // Results and records: what the API answers.
  const outputs = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(records)) outputs.add(schema, { id: name });
  for (const action of actions) outputs.add(results[action.name], { id: `${pascal(action.name)}Result` });
  const outputSchemas = z.toJSONSchema(outputs, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas;

  const schemas: JsonObject = {};
  for (const [id, schema] of Object.entries(outputSchemas)) schemas[id] = clean(schema);
  for (const action of actions) {
    const id = `${pascal(action.name)}Request`;
    const input = clean(inputSchemas[id]);
    const properties = (input.properties ?? {}) as JsonObject;
    const required = (input.required ?? []) as string[];
    schemas[id] = {
      ...input,
      type: 'object',
      properties: { action: { type: 'string', const: action.name }, ...properties },
      required: ['action', ...required],
      'x-credential': action.credential,
      'x-result': ref(`${pascal(action.name)}Result`),
    };
  }

  return schemas;
}

/** One example request per action, named by the action. */
function requestExamples(): JsonObject {
  const examples: JsonObject = {};
  for (const action of actions) {
    examples[action.name] = {
      summary: `${action.name} (${action.credential === 'api_key' ? 'X-Api-Key' : 'Bearer JWT'})`,
      value: { action: action.name, ...exampleInputs[action.name] },
    };
  }

  return examples;
}

/** The 200 answer (any action's result) and the error envelope per status. */
function responsesFor(): JsonObject {
  const responses: JsonObject = {
    '200': {
      headers: {
        'Idempotent-Replayed': {
          description:
            '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
      description:
        "The action's result: the schema named by the request schema's `x-result` (e.g. CreateClientRequest → CreateClientResult).",
      content: {
        'application/json': {
          schema: { anyOf: actions.map((a) => ref(`${pascal(a.name)}Result`)) },
        },
      },
    },
  };
  for (const [status, description] of Object.entries(errorStatuses)) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: ref('ErrorEnvelope') } },
    };
  }

  return responses;
}

/** The one POST operation: the action-discriminated body, the Idempotency-Key header, the answers. */
function operation(examples: JsonObject, responses: JsonObject): JsonObject {
  return {
    operationId: 'callAction',
    summary: 'Run one action',
    description: `Actions: ${actions.map((a) => `\`${a.name}\` (${a.credential})`).join(', ')}.`,
    security: [{ ApiKey: [] }, { BearerJwt: [] }],
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `Optional on the writing actions (${actions
          .filter((a) => isWriteAction(a.name))
          .map((a) => a.name)
          .join(
            ', ',
          )}), ignored on reads. For 24 h per account, a retry with the same key, action and body answers the first answer again (status and body byte for byte, header Idempotent-Replayed: true) and writes nothing; 5xx and 429 answers are not kept. See ADR 0017.`,
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
      },
    ],
    'x-actions': Object.fromEntries(
      actions.map((a) => [
        a.name,
        {
          credential: a.credential,
          security: [{ [SECURITY_SCHEME[a.credential]]: [] }],
          request: ref(`${pascal(a.name)}Request`),
          result: ref(`${pascal(a.name)}Result`),
        },
      ]),
    ),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            oneOf: actions.map((a) => ref(`${pascal(a.name)}Request`)),
            discriminator: {
              propertyName: 'action',
              mapping: Object.fromEntries(
                actions.map((a) => [a.name, `#/components/schemas/${pascal(a.name)}Request`]),
              ),
            },
          },
          examples,
        },
      },
    },
    responses,
  };
}

export function buildOpenApiDocument(): JsonObject {
  const schemas = componentSchemas();
  const examples = requestExamples();
  const responses = responsesFor();
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'adgen API',
      version: '0.1.0',
      description:
        'One endpoint: POST a JSON body `{ "action": "<name>", ...fields }`. Normal actions take an API key (X-Api-Key); the key actions (list_api_keys, create_api_key, revoke_api_key) take only a Cognito access token (Authorization: Bearer). Each request schema names its credential in `x-credential` and its result in `x-result`. Generated from the router\'s zod schemas by `npm run openapi`; do not edit by hand.',
    },
    servers: [{ url: 'http://127.0.0.1:3000', description: 'npm start (the local stack)' }],
    paths: {
      '/': {
        post: operation(examples, responses),
      },
    },
    components: {
      schemas,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'adg_<env>_<key id>_<secret><checksum>, for every action but the key actions.',
        },
        BearerJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A Cognito user pool access token (InitiateAuth USER_PASSWORD_AUTH), for list_api_keys, create_api_key and revoke_api_key only.',
        },
      },
    },
  };
  return sortKeys(document) as JsonObject;
}

/** The file's exact text: stable key order, 2-space indent, trailing newline. */
export function renderOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
