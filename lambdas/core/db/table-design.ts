/**
 * The physical shape of the single table, shared by the CDK stack and the local stack so the
 * two can never disagree. Entities only ever use these generic attribute names; what a key
 * means lives in the key builders of each repository (see docs/data-model.md).
 */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

type IndexName = (typeof tableDesign.globalSecondaryIndexes)[number]['indexName'];
