/**
 * One valid and one invalid request per action, from docs/openapi.json's examples with their
 * placeholder ids replaced by ids of a real account. Shared by the OpenAPI contract test and the
 * Prism check (`npm run prism:check`), so both send the same requests.
 */
import { readFile } from 'node:fs/promises';
import { EXAMPLE_IDS } from '#api/openapi-examples.ts';

type Schema = { properties?: Record<string, unknown>; required?: string[]; 'x-credential'?: string };
export type ContractDoc = {
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document walked along known paths
  paths: Record<string, { post: any }>;
  components: { schemas: Record<string, Schema> };
};

export type Call = (
  action: string,
  fields: Record<string, unknown>,
  auth: { apiKey?: string; token?: string },
) => Promise<{ status: number; body: unknown }>;

export async function readContractDoc(): Promise<ContractDoc> {
  return JSON.parse(
    await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
  ) as ContractDoc;
}

export function contractOf(doc: ContractDoc) {
  const media = doc.paths['/']?.post.requestBody.content['application/json'];
  const examples = media.examples as Record<string, { value: Record<string, unknown> }>;
  const requestSchema = (action: string): Schema => {
    const name = media.schema.discriminator.mapping[action] as string;
    const schema = doc.components.schemas[name.replace('#/components/schemas/', '')];
    if (!schema) throw new Error(`no request schema for ${action}`);
    return schema;
  };
  return { media, examples, requestSchema };
}

export type ExampleIds = Record<keyof typeof EXAMPLE_IDS, string>;

/**
 * Creates what the examples refer to in one account: an API key (revoked by revoke_api_key's
 * example), a client with angles and a logo upload, a campaign, a job and a webhook endpoint.
 */
export async function createExampleFixtures(call: Call, auth: { apiKey: string; token: string }) {
  const ids: ExampleIds = { ...EXAMPLE_IDS };
  const must = async (
    action: string,
    fields: Record<string, unknown>,
    how: { apiKey?: string; token?: string },
  ) => {
    const res = await call(action, fields, how);
    if (res.status !== 200) throw new Error(`${action} answered ${res.status}: ${JSON.stringify(res.body)}`);
    // biome-ignore lint/suspicious/noExplicitAny: answers of known actions, read by their documented fields
    return res.body as any;
  };
  const key = { apiKey: auth.apiKey };
  ids.apiKey = (await must('create_api_key', { name: 'contract' }, { token: auth.token })).api_key.id;
  ids.client = (await must('create_client', { name: 'Contract Co' }, key)).client.id;
  const angles = await must(
    'generate_angles',
    {
      client_id: ids.client,
      research_summary:
        'Contract Co sells durable rain jackets to city cyclists who commute daily. Pains: soaked clothes on arrival; jackets that tear after one winter. Every jacket is seam-taped and packs into its own pocket. Rated 4.7 stars by 3,000 riders. Offer: free repairs for 2 years.',
    },
    key,
  );
  ids.angle = angles.angles[0].id;
  const briefClient = (await must('create_client', { name: 'Brief Co' }, key)).client.id;
  const briefAngles = await must(
    'generate_angles',
    {
      client_id: briefClient,
      research_summary:
        'Brief Co roasts coffee for home offices. Rated 4.8 stars by 12,000 subscribers. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers can pause any time.',
    },
    key,
  );
  ids.brief = briefAngles.brief.id;
  const upload = { client_id: ids.client, kind: 'logo', content_type: 'image/png', content_length: 1000 };
  ids.asset = (await must('create_asset_upload', upload, key)).asset.id;
  ids.campaign = (await must('create_campaign', { client_id: ids.client, volume: 1 }, key)).campaign.id;
  ids.job = (await must('generate_creatives', { campaign_id: ids.campaign }, key)).job_id;
  const creatives = await must('list_creatives', { campaign_id: ids.campaign, status: 'all' }, key);
  ids.creative = creatives.creatives[0].id;
  // review_creatives reviews finished images only: wait for this one (the caller runs a worker).
  for (let tries = 0; ; tries++) {
    const done = await must('list_creatives', { campaign_id: ids.campaign }, key);
    if (done.creatives.length > 0) break;
    if (tries > 300) throw new Error('the example creative did not finish within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  ids.export = (await must('export_campaign', { campaign_id: ids.campaign }, key)).export.id;
  ids.reviewLink = (await must('create_review_link', { campaign_id: ids.campaign }, key)).review_link.id;
  ids.idleCampaign = (await must('create_campaign', { client_id: ids.client, volume: 1 }, key)).campaign.id;
  ids.doomedCampaign = (await must('create_campaign', { client_id: ids.client }, key)).campaign.id;
  ids.doomedClient = (await must('create_client', { name: 'Doomed Co' }, key)).client.id;
  ids.webhookEndpoint = (
    await must(
      'create_webhook_endpoint',
      { url: 'https://hooks.example.com/contract', events: ['job.completed'] },
      key,
    )
  ).webhook_endpoint.id;
  return ids;
}

/** Actions whose example removes what other examples use: the contract runs them last. */
const REMOVING = ['delete_webhook_endpoint', 'delete_campaign', 'delete_client', 'revoke_api_key'];

/** The actions in the order the contract runs them. */
export function contractOrder(names: readonly string[]): string[] {
  return [...names.filter((a) => !REMOVING.includes(a)), ...REMOVING.filter((a) => names.includes(a))];
}

export function exampleBodies(doc: ContractDoc, ids: ExampleIds) {
  const { examples, requestSchema } = contractOf(doc);
  /** The example with its placeholder ids replaced by real ones of this account. */
  const valid = (action: string): Record<string, unknown> => {
    let json = JSON.stringify(examples[action]?.value);
    for (const key of Object.keys(EXAMPLE_IDS) as (keyof typeof EXAMPLE_IDS)[]) {
      json = json.replaceAll(EXAMPLE_IDS[key], ids[key]);
    }
    return JSON.parse(json);
  };
  /** One body the router must refuse: a required field of the wrong type, or else a bad field. */
  const invalid = (action: string): Record<string, unknown> => {
    const schema = requestSchema(action);
    const required = (schema.required ?? []).filter((f) => f !== 'action');
    const body = valid(action);
    const first = required[0];
    if (first) body[first] = 12345;
    else if (schema.properties && 'limit' in schema.properties) body.limit = 'ten';
    else body.unexpected_field = true;
    return body;
  };
  const credential = (action: string): 'api_key' | 'user_token' =>
    requestSchema(action)['x-credential'] === 'user_token' ? 'user_token' : 'api_key';
  return { valid, invalid, credential };
}
