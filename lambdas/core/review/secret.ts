import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

let cached: { arn: string; key: Promise<Buffer> } | undefined;

/**
 * The review links' signing key (ADR 0040): on AWS a Secrets Manager secret, read once per
 * container (its value never leaves the function's memory); locally a value in the environment.
 */
export function reviewLinkKey(config: Config): Promise<Buffer> {
  const { secret, secretArn } = config.reviewLinks;
  if (secret) return Promise.resolve(Buffer.from(secret, 'utf8'));
  if (!secretArn) {
    return Promise.reject(
      new AppError(500, 'internal_error', 'Review links are not configured on this stack.'),
    );
  }
  if (cached?.arn !== secretArn) {
    const key = (async () => {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const client = new SecretsManagerClient({ region: config.region });
      const out = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
      if (!out.SecretString) throw new Error('the review link secret has no value');
      return Buffer.from(out.SecretString, 'utf8');
    })();
    key.catch(() => {
      cached = undefined;
    });
    cached = { arn: secretArn, key };
  }
  return cached.key;
}
