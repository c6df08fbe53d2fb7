import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';

const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: process.argv[2],
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
const out = await ddb.send(
  new ScanCommand({
    TableName: 'adgen',
    FilterExpression: 'entity IN (:j, :a)',
    ExpressionAttributeValues: { ':j': 'job', ':a': 'account' },
  }),
);
for (const i of out.Items)
  console.log(
    i.entity,
    i.status,
    i.dispatch,
    i.succeeded,
    i.failed,
    i.created_at,
    JSON.stringify(i.credits ?? ''),
  );
const s = await ddb.send(
  new ScanCommand({
    TableName: 'adgen',
    FilterExpression: 'entity = :s',
    ExpressionAttributeValues: { ':s': 'slot' },
  }),
);
const c = {};
for (const i of s.Items) c[i.status] = (c[i.status] ?? 0) + 1;
console.log(c, s.LastEvaluatedKey ? 'more' : '');
