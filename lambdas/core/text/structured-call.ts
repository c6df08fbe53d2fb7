import type {
  BedrockRuntimeClient,
  ContentBlock,
  ConverseCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { UpstreamError } from '../errors.ts';

/**
 * Models that take Converse structured output (`outputConfig.textFormat`, a JSON schema): the
 * Claude 4.5 family and later. Every other model answers through forced tool use. Matched on the
 * foundation-model id inside an inference profile id ("global.anthropic.claude-haiku-4-5-…").
 */
const STRUCTURED_OUTPUT_MODELS = [
  /anthropic\.claude-(?:haiku|sonnet|opus)-4-[5-9]/,
  /anthropic\.claude-opus-4-6/,
];

export const supportsStructuredOutput = (modelId: string) =>
  STRUCTURED_OUTPUT_MODELS.some((re) => re.test(modelId));

/** Keywords structured output refuses (Bedrock answers 400): the answer is validated with zod instead. */
const UNSUPPORTED = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'maxItems',
  'format',
]);

/** The JSON schema of a zod schema (never hand-written), trimmed to what structured output takes. */
export function jsonSchemaFor(schema: z.ZodType, structured: boolean): Record<string, unknown> {
  const full = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  if (!structured) return full;
  const trim = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(trim);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (UNSUPPORTED.has(k)) continue;
      if (k === 'minItems') out[k] = Math.min(Number(v), 1);
      else out[k] = trim(v);
    }
    return out;
  };
  return trim(full) as Record<string, unknown>;
}

const TRANSIENT = new Set(['ThrottlingException', 'ServiceUnavailableException', 'ModelNotReadyException']);

/**
 * One Converse call that must answer `schema`: structured output where the model supports it,
 * forced tool use otherwise. Returns the parsed answer or the zod issues (the caller repairs once).
 */
export async function structuredCall<T>(input: {
  client: BedrockRuntimeClient;
  modelId: string;
  name: string;
  description: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  maxTokens: number;
}): Promise<{ ok: true; value: T } | { ok: false; problems: string[] }> {
  const structured = supportsStructuredOutput(input.modelId);
  const json = jsonSchemaFor(input.schema, structured);
  const request: ConverseCommandInput = {
    modelId: input.modelId,
    system: [{ text: input.system }],
    messages: [{ role: 'user', content: [{ text: input.prompt }] }],
    inferenceConfig: { maxTokens: input.maxTokens, temperature: 0.4 },
    ...(structured
      ? {
          outputConfig: {
            textFormat: {
              type: 'json_schema',
              structure: {
                jsonSchema: {
                  schema: JSON.stringify(json),
                  name: input.name,
                  description: input.description,
                },
              },
            },
          },
        }
      : {
          toolConfig: {
            tools: [
              {
                toolSpec: {
                  name: input.name,
                  description: input.description,
                  inputSchema: { json: json as never },
                },
              },
            ],
            toolChoice: { tool: { name: input.name } },
          },
        }),
  };
  let content: ContentBlock[] = [];
  try {
    const out = await input.client.send(new ConverseCommand(request));
    content = out.output?.message?.content ?? [];
  } catch (error) {
    const name = (error as Error).name;
    if (TRANSIENT.has(name))
      throw new UpstreamError(`The text model ${input.modelId} is busy (${name}); retry shortly.`);
    throw new UpstreamError(`The text model ${input.modelId} failed: ${name}.`);
  }
  let raw: unknown;
  if (structured) {
    const text = content.find((b) => typeof b.text === 'string')?.text ?? '';
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, problems: ['the answer is not JSON'] };
    }
  } else {
    raw = content.find((b) => b.toolUse?.name === input.name)?.toolUse?.input;
  }
  const parsed = input.schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.slice(0, 8).map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`),
  };
}
