import type { S3Client } from '@aws-sdk/client-s3';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { AwsClients } from './aws.ts';
import type { Config } from './config.ts';
import { createDocumentClient } from './db/client.ts';
import type { S3ClientLike } from './s3/presign.ts';
import { traced } from './tracing.ts';

type Sender = { send(...args: never[]): Promise<unknown>; destroy(): void };

/**
 * A client whose SDK package is imported and built on its first `send`, then reused. Concurrent
 * first calls share one import; a failed import is retried by the next call.
 */
function deferred<C extends Sender>(load: () => Promise<C>): Pick<C, 'send' | 'destroy'> {
  let client: C | undefined;
  let loading: Promise<C> | undefined;
  const get = () => {
    loading ??= load().then(
      (c) => {
        client = c;
        return c;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const send = (...args: Parameters<C['send']>) =>
    client ? client.send(...args) : get().then((c) => c.send(...args));
  return { send: send as C['send'], destroy: () => client?.destroy() };
}

/**
 * The router's clients: DynamoDB built at cold start (every action reads it), S3 and SQS on the
 * first action that calls them (asset checks, generate_creatives), so their SDK packages cost
 * the other actions nothing (ADR 0011).
 *
 * The presigner reads only credentials, region and style from the S3 "client": they are given
 * here without loading the S3 SDK — the credentials provider is DynamoDB's (the same default
 * chain the S3 client would resolve), path style as `clients/s3.ts` sets it, and the S3
 * client's default checksum mode. list_creatives then signs its page without the S3 package.
 *
 * The deferred S3 and SQS clients answer `send`, `destroy` and (S3) the presigner's `config`
 * fields, which is all the router's code uses of them; they are typed as the SDK clients so
 * that the domain functions keep one `Deps` type.
 */
export function createRouterClients(config: Config): AwsClients {
  const ddb = createDocumentClient({ region: config.region, endpoint: config.endpoints.dynamodb }, traced);
  const s3 = {
    ...deferred(() => import('./clients/s3.ts').then((m) => m.createS3Client(config))),
    config: {
      credentials: () => ddb.config.credentials(),
      region: async () => config.region,
      forcePathStyle: config.endpoints.s3 !== undefined,
      responseChecksumValidation: async () => 'WHEN_SUPPORTED',
    },
  } satisfies S3ClientLike & Pick<S3Client, 'send' | 'destroy'>;
  const sqs = deferred(() => import('./clients/sqs.ts').then((m) => m.createSqsClient(config)));
  return { ddb, s3: s3 as unknown as S3Client, sqs: sqs as unknown as SQSClient };
}
