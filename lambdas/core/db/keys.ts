/**
 * Key builders, one per access pattern (docs/data-model.md lists them with the code that uses
 * each). Every key of tenant data starts from the caller's account, so a query can only ever
 * reach that account's items. Entity ids are UUIDv7, so sort keys order by creation time.
 */
const account = (accountId: string) => `ACCOUNT#${accountId}`;

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
  clientsOfAccount: (accountId: string): CollectionKey => ({ partition: account(accountId), skPrefix: 'CLIENT#' }),

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
} as const;

/** The gsi1 attributes an item needs to appear in a collection. */
export function inCollection(collection: CollectionKey, id: string): { gsi1pk: string; gsi1sk: string } {
  return { gsi1pk: collection.partition, gsi1sk: `${collection.skPrefix}${id}` };
}
