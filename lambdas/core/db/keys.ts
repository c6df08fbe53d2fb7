/**
 * Key builders, one per access pattern (docs/data-model.md lists them with the code that uses
 * each). Every key of tenant data starts from the caller's account, so a query can only ever
 * reach that account's items. Entity ids are UUIDv7, so sort keys order by creation time.
 */
const account = (accountId: string) => `ACCOUNT#${accountId}`;

/** A slot's index as it appears in keys and object names: five digits, so it sorts as text. */
export const slotIndexPart = (index: number): string => String(index).padStart(5, '0');

export type ItemKey = { pk: string; sk: string };
export type CollectionKey = { index?: 'gsi1' | 'gsi2'; partition: string; skPrefix: string };

export const keys = {
  /** Account record: credits ledger and counters. */
  account: (accountId: string): ItemKey => ({ pk: account(accountId), sk: 'ACCOUNT' }),

  /** API key by the id embedded in the key itself: one GetItem per authenticated request. */
  apiKeyById: (keyId: string): ItemKey => ({ pk: `APIKEY#${keyId}`, sk: 'APIKEY' }),
  /** An account's API keys, newest first. */
  apiKeysOfAccount: (accountId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#APIKEYS`,
    skPrefix: 'APIKEY#',
  }),

  clientById: (accountId: string, clientId: string): ItemKey => ({
    pk: account(accountId),
    sk: `CLIENT#${clientId}`,
  }),
  /** An account's clients, newest first; strongly consistent (base table). */
  clientsOfAccount: (accountId: string): CollectionKey => ({
    partition: account(accountId),
    skPrefix: 'CLIENT#',
  }),

  campaignById: (accountId: string, campaignId: string): ItemKey => ({
    pk: account(accountId),
    sk: `CAMPAIGN#${campaignId}`,
  }),
  /** A client's campaigns, newest first (gsi1, shared with the client's other children). */
  campaignsOfClient: (accountId: string, clientId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CLIENT#${clientId}`,
    skPrefix: 'CAMPAIGN#',
  }),

  /** Exactly one brand kit per client, created with the client. */
  brandKitOfClient: (accountId: string, clientId: string): ItemKey => ({
    pk: account(accountId),
    sk: `BRANDKIT#${clientId}`,
  }),

  angleById: (accountId: string, angleId: string): ItemKey => ({
    pk: account(accountId),
    sk: `ANGLE#${angleId}`,
  }),
  /** A client's angles, newest first. */
  anglesOfClient: (accountId: string, clientId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CLIENT#${clientId}`,
    skPrefix: 'ANGLE#',
  }),

  /** One version of a client's stored brief (ADR 0033). */
  briefById: (accountId: string, briefId: string): ItemKey => ({
    pk: account(accountId),
    sk: `BRIEF#${briefId}`,
  }),
  /** A client's brief versions, newest first (gsi1, shared with the client's other children). */
  briefsOfClient: (accountId: string, clientId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CLIENT#${clientId}`,
    skPrefix: 'BRIEF#',
  }),
  /** The pointer to a client's latest brief version: read strongly, moved only from the version it names. */
  briefHeadOfClient: (accountId: string, clientId: string): ItemKey => ({
    pk: account(accountId),
    sk: `BRIEFHEAD#${clientId}`,
  }),

  /** An uploaded image (logo or product) of a client. */
  assetById: (accountId: string, assetId: string): ItemKey => ({
    pk: account(accountId),
    sk: `ASSET#${assetId}`,
  }),
  /** A client's assets, newest first (gsi1, shared with the client's other children). */
  assetsOfClient: (accountId: string, clientId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CLIENT#${clientId}`,
    skPrefix: 'ASSET#',
  }),
  /** A client's assets of one kind, newest first (gsi2). */
  assetsOfClientByKind: (accountId: string, clientId: string, kind: string): CollectionKey => ({
    index: 'gsi2',
    partition: `${account(accountId)}#CLIENT#${clientId}#ASSETS#${kind}`,
    skPrefix: 'ASSET#',
  }),

  /** A generation job (one generate_creatives call). */
  jobById: (accountId: string, jobId: string): ItemKey => ({ pk: account(accountId), sk: `JOB#${jobId}` }),
  /** An account's jobs, newest first; strongly consistent (base table). */
  jobsOfAccount: (accountId: string): CollectionKey => ({ partition: account(accountId), skPrefix: 'JOB#' }),
  /** A campaign's jobs, newest first (gsi1): list_jobs by campaign, and what a campaign's deletion cancels. */
  jobsOfCampaign: (accountId: string, campaignId: string): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CAMPAIGN#${campaignId}#JOBS`,
    skPrefix: 'JOB#',
  }),
  /** The shared-visual markers of a job (a deletion's sweep removes them with the job). */
  sharedVisualsOfJob: (accountId: string, jobId: string): CollectionKey => ({
    partition: `${account(accountId)}#JOB#${jobId}`,
    skPrefix: 'VISUAL#',
  }),
  /**
   * Clients and campaigns whose deletion has begun and not finished, across accounts (sparse
   * gsi2): the reconciler resumes each sweep a crash interrupted (ADR 0028).
   */
  pendingDeletions: (): CollectionKey => ({
    index: 'gsi2',
    partition: 'DELETIONS#pending',
    skPrefix: 'DELETE#',
  }),
  /** Jobs not yet final, across accounts (sparse gsi2): what the local stack re-drives after a restart. */
  openJobs: (): CollectionKey => ({ index: 'gsi2', partition: 'JOBS#open', skPrefix: 'JOB#' }),

  /** A per-account rate-limit counter of one action group in one fixed window. */
  rateWindow: (accountId: string, bucket: string, windowStart: string): ItemKey => ({
    pk: account(accountId),
    sk: `RATE#${bucket}#${windowStart}`,
  }),

  /**
   * The stored answer to one `Idempotency-Key` of an account (24 h, then TTL). The key is hashed
   * so that any printable character a caller chose is safe in a key, and each record is its own
   * partition so a busy account's retries never share one.
   */
  idempotencyRecord: (accountId: string, keyHash: string): ItemKey => ({
    pk: `${account(accountId)}#IDEMPOTENCY#${keyHash}`,
    sk: 'IDEMPOTENCY',
  }),

  /** A webhook endpoint of an account (ADR 0025). */
  webhookEndpointById: (accountId: string, endpointId: string): ItemKey => ({
    pk: account(accountId),
    sk: `WEBHOOK#${endpointId}`,
  }),
  /** An account's webhook endpoints, newest first; strongly consistent (base table). */
  webhookEndpointsOfAccount: (accountId: string): CollectionKey => ({
    partition: account(accountId),
    skPrefix: 'WEBHOOK#',
  }),
  /**
   * One event of an account (the outbox, ADR 0029): written with the change it reports, then
   * fanned out to the subscribed endpoints' deliveries.
   */
  webhookEvent: (accountId: string, eventId: string): ItemKey => ({
    pk: `${account(accountId)}#EVENT#${eventId}`,
    sk: 'EVENT',
  }),
  /** Events not yet fanned out, across accounts, oldest first (sparse gsi2): what the sweeper re-drives. */
  eventsToFanOut: (): CollectionKey => ({
    index: 'gsi2',
    partition: 'WEBHOOKS#fanout',
    skPrefix: 'EVENT#',
  }),
  /** One delivery of one event to one endpoint; an endpoint's deliveries share a partition. */
  webhookDelivery: (accountId: string, endpointId: string, deliveryId: string): ItemKey => ({
    pk: `${account(accountId)}#WEBHOOK#${endpointId}`,
    sk: `DELIVERY#${deliveryId}`,
  }),
  /** An endpoint's deliveries, newest first (ids are UUIDv7). */
  deliveriesOfEndpoint: (accountId: string, endpointId: string): CollectionKey => ({
    partition: `${account(accountId)}#WEBHOOK#${endpointId}`,
    skPrefix: 'DELIVERY#',
  }),
  /**
   * Deliveries not yet delivered or failed, across accounts, by when they are next due (sparse
   * gsi2): what the sweeper re-enqueues when a message was lost or never sent.
   */
  dueWebhookDeliveries: (): CollectionKey => ({
    index: 'gsi2',
    partition: 'WEBHOOKS#due',
    skPrefix: 'DELIVERY#',
  }),

  /** One image of a job; a job's slots share a partition. */
  slot: (accountId: string, jobId: string, index: number): ItemKey => ({
    pk: `${account(accountId)}#JOB#${jobId}`,
    sk: `SLOT#${slotIndexPart(index)}`,
  }),
  /**
   * Where a creative (a slot) is, by its id: a small pointer item beside the account's other
   * records, written with the slot, so regenerate_creative finds a slot from its id alone.
   */
  creativeById: (accountId: string, creativeId: string): ItemKey => ({
    pk: account(accountId),
    sk: `CREATIVE#${creativeId}`,
  }),
  slotsOfJob: (accountId: string, jobId: string): CollectionKey => ({
    partition: `${account(accountId)}#JOB#${jobId}`,
    skPrefix: 'SLOT#',
  }),
  /**
   * The marker of a model visual shared by a job's slots (one angle, variant and orientation
   * family): who is making it, and whether it is ready or failed for good. In the job's partition.
   */
  sharedVisual: (accountId: string, jobId: string, visualKey: string): ItemKey => ({
    pk: `${account(accountId)}#JOB#${jobId}`,
    sk: `VISUAL#${visualKey}`,
  }),
  /**
   * A campaign's creatives in one state group (`pending` covers running, `succeeded`, `failed`),
   * newest first by the time they entered it (gsi1). A slot moves between groups as it changes
   * state, so `list_creatives` reads exactly one page, whatever the campaign's size.
   */
  creativesOfCampaign: (
    accountId: string,
    campaignId: string,
    group: 'pending' | 'succeeded' | 'failed',
  ): CollectionKey => ({
    index: 'gsi1',
    partition: `${account(accountId)}#CAMPAIGN#${campaignId}#CREATIVES#${group}`,
    skPrefix: 'CREATIVE#',
  }),
  /** All of a campaign's creatives whatever their state, newest first (gsi2). */
  allCreativesOfCampaign: (accountId: string, campaignId: string): CollectionKey => ({
    index: 'gsi2',
    partition: `${account(accountId)}#CAMPAIGN#${campaignId}#CREATIVES`,
    skPrefix: 'CREATIVE#',
  }),
  /** An export of a campaign's creatives for the ad managers (ADR 0042). */
  exportById: (accountId: string, exportId: string): ItemKey => ({
    pk: account(accountId),
    sk: `EXPORT#${exportId}`,
  }),
  /** A review link of a campaign (ADR 0040); its token names the link's id. */
  reviewLinkById: (accountId: string, linkId: string): ItemKey => ({
    pk: account(accountId),
    sk: `REVIEWLINK#${linkId}`,
  }),
} as const;

/** An item's sort key in a collection: the collection's prefix, then its parts joined by `#`. */
export function sortKeyIn(collection: CollectionKey, ...parts: readonly string[]): string {
  return `${collection.skPrefix}${parts.join('#')}`;
}

/**
 * The index attributes that place an item in a collection (gsi1 or gsi2, as the collection
 * says): the only place a GSI key of an item is built.
 */
export function inCollection(
  collection: CollectionKey,
  ...parts: readonly string[]
): { gsi1pk: string; gsi1sk: string } | { gsi2pk: string; gsi2sk: string } {
  if (!collection.index) throw new Error(`${collection.partition} is a base-table collection, not an index.`);
  const sk = sortKeyIn(collection, ...parts);
  return collection.index === 'gsi2'
    ? { gsi2pk: collection.partition, gsi2sk: sk }
    : { gsi1pk: collection.partition, gsi1sk: sk };
}
