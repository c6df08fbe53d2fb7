import type * as z from 'zod';
import type { actions } from './actions/index.ts';

type Inputs = { [A in (typeof actions)[number] as A['name']]: z.input<A['input']> };

/** Placeholder ids of the examples; the contract test replaces them with ids it created. */
export const EXAMPLE_IDS = {
  client: '0197a1b2-0000-7000-8000-00000000c11e',
  campaign: '0197a1b2-0000-7000-8000-0000000ca111',
  angle: '0197a1b2-0000-7000-8000-0000000a1e1e',
  /** The latest brief of a second client (generate_angles's example adds versions to the first's). */
  brief: '0197a1b2-0000-7000-8000-0000000b41ef',
  job: '0197a1b2-0000-7000-8000-0000000000b0',
  asset: '0197a1b2-0000-7000-8000-0000000a55e7',
  apiKey: 'AbCdEfGh1234',
  creative: '0197a1b2-0000-7000-8000-0000000c4ea7',
  /** A campaign without jobs (update_campaign is refused while a job runs). */
  idleCampaign: '0197a1b2-0000-7000-8000-00000000d1e5',
  /** What the delete examples delete, so that the other examples keep theirs. */
  doomedCampaign: '0197a1b2-0000-7000-8000-0000000de1ca',
  doomedClient: '0197a1b2-0000-7000-8000-0000000de1c1',
  webhookEndpoint: '0197a1b2-0000-7000-8000-0000000e4b00',
  export: '0197a1b2-0000-7000-8000-0000000e8b01',
  reviewLink: '0197a1b2-0000-7000-8000-0000000f1a55',
} as const;

/** One valid request per action (without `action`), shown in the document. */
export const exampleInputs: Inputs = {
  list_clients: { limit: 20 },
  create_client: { name: 'Acme Coffee' },
  list_campaigns: { client_id: EXAMPLE_IDS.client },
  create_campaign: {
    client_id: EXAMPLE_IDS.client,
    name: 'Spring sale',
    aspect_ratio: '1:1,9:16',
    volume: 2,
    offer_text: '30% off',
    cta_text: 'Shop now',
    platform_target: ['meta_feed', 'meta_stories'],
    selected_angle_ids: [EXAMPLE_IDS.angle],
  },
  list_creatives: { campaign_id: EXAMPLE_IDS.campaign, status: 'all' },
  list_angles: { client_id: EXAMPLE_IDS.client },
  get_angle: { angle_id: EXAMPLE_IDS.angle },
  generate_angles: {
    client_id: EXAMPLE_IDS.client,
    research_summary:
      'Acme roasts small-batch coffee beans for people who work from home. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers choose their grind and can pause or skip a delivery any time. Rated 4.8 stars by 12,000 subscribers.',
    language: 'en',
  },
  get_brief: { brief_id: EXAMPLE_IDS.brief },
  update_brief: {
    brief_id: EXAMPLE_IDS.brief,
    category: 'home services > roofing',
    subject: 'a roofer fitting slate tiles on a terraced house roof',
    fix_facts: [{ id: 'f1', text: 'Rated 4.8 stars by 12,000 subscribers' }],
    add_facts: [{ role: 'guarantee', text: 'Free re-roast if a bag arrives stale' }],
  },
  get_brand_kit: { client_id: EXAMPLE_IDS.client },
  update_brand_kit: {
    client_id: EXAMPLE_IDS.client,
    colors: { primary: '#1A73E8', accent: '#FBBC04' },
    fonts: { heading: 'Montserrat', body: 'Inter' },
    tagline: 'Fresh beans, every week',
    banned_words: ['cheap'],
  },
  prepare_campaign: { campaign_id: EXAMPLE_IDS.campaign },
  generate_creatives: { campaign_id: EXAMPLE_IDS.campaign },
  estimate_creatives: { campaign_id: EXAMPLE_IDS.campaign },
  get_job: { job_id: EXAMPLE_IDS.job },
  get_credits: {},
  list_api_keys: { limit: 10 },
  create_api_key: { name: 'ci pipeline', expires_in_days: 90 },
  revoke_api_key: { api_key_id: EXAMPLE_IDS.apiKey },
  create_asset_upload: {
    client_id: EXAMPLE_IDS.client,
    kind: 'product',
    content_type: 'image/png',
    content_length: 482_113,
  },
  get_asset: { asset_id: EXAMPLE_IDS.asset },
  list_assets: { client_id: EXAMPLE_IDS.client, kind: 'logo' },
  list_jobs: { campaign_id: EXAMPLE_IDS.campaign, status: 'pending', limit: 20 },
  cancel_job: { job_id: EXAMPLE_IDS.job },
  regenerate_creative: { creative_id: EXAMPLE_IDS.creative, seed: 42 },
  get_client: { client_id: EXAMPLE_IDS.client },
  update_client: { client_id: EXAMPLE_IDS.client, name: 'Acme Coffee Roasters' },
  get_campaign: { campaign_id: EXAMPLE_IDS.campaign },
  update_campaign: { campaign_id: EXAMPLE_IDS.idleCampaign, offer_text: '40% off', volume: 4 },
  delete_campaign: { campaign_id: EXAMPLE_IDS.doomedCampaign },
  delete_client: { client_id: EXAMPLE_IDS.doomedClient },
  create_webhook_endpoint: {
    url: 'https://hooks.example.com/adgen',
    events: ['job.completed', 'creative.failed'],
  },
  list_webhook_endpoints: { limit: 10 },
  delete_webhook_endpoint: { webhook_endpoint_id: EXAMPLE_IDS.webhookEndpoint },
  rotate_webhook_secret: { webhook_endpoint_id: EXAMPLE_IDS.webhookEndpoint },
  list_webhook_deliveries: { webhook_endpoint_id: EXAMPLE_IDS.webhookEndpoint, limit: 20 },
  review_creatives: {
    reviews: [{ creative_id: EXAMPLE_IDS.creative, state: 'approved', note: 'Ready for Meta.' }],
  },
  create_review_link: {
    campaign_id: EXAMPLE_IDS.campaign,
    note: 'Please approve the ones you would run this month.',
  },
  revoke_review_link: { review_link_id: EXAMPLE_IDS.reviewLink },
  export_campaign: { campaign_id: EXAMPLE_IDS.campaign, include: 'approved' },
  get_export: { export_id: EXAMPLE_IDS.export },
};
