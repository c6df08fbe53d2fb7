import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { c2paManifestWriter } from './c2pa.ts';
import type { ManifestWriter } from './manifest.ts';
import {
  type ChainClaimSigner,
  claimSignerOf,
  generateSignerChain,
  parseStoredSigner,
  type SignerNames,
} from './signer-chain.ts';

/** The versions of one secret, as far as the signer needs them (Secrets Manager on AWS). */
export type SecretVersions = {
  /** The current version (AWSCURRENT), or the one of `versionId`; undefined when there is none. */
  read(versionId?: string): Promise<{ versionId: string; value: string | undefined } | undefined>;
  /**
   * Adds version `versionId` holding `value` and makes it current. False when a version of that
   * id already exists with another value: someone else created it first (ClientRequestToken).
   */
  create(versionId: string, value: string): Promise<boolean>;
};

/** Renew a signer this long before its certificate expires. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

/**
 * The version a signer replacing `versionId` gets: the same for every worker that saw that
 * version, so Secrets Manager's ClientRequestToken lets exactly one of them write it (compare
 * and swap). A UUID-shaped hash: the token must be 32 to 64 characters.
 */
export function successorVersionId(versionId: string): string {
  const h = createHash('sha256').update(`adgen c2pa signer after ${versionId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The deployment's claim signer, kept in a secret the stack provisions (ADR 0047, amendment):
 * the current version when it holds a signer whose certificate is good for another 30 days;
 * otherwise (the stack's placeholder, an expiring chain) a fresh chain, written as the successor
 * of the version seen. Workers racing on a cold deployment all write the same successor id:
 * one creates it, the others are refused and read the winner's, so every creative of the
 * deployment is signed by one chain.
 */
export async function provisionedClaimSigner(
  versions: SecretVersions,
  names: SignerNames,
  now: () => number = Date.now,
): Promise<ChainClaimSigner> {
  const current = await versions.read();
  if (!current) throw new Error('the C2PA signer secret has no current version');
  const stored = parseStoredSigner(current.value);
  if (stored) {
    const signer = await claimSignerOf(stored);
    if (signer.notAfter.getTime() - now() > RENEW_BEFORE_MS) return signer;
  }
  const successor = successorVersionId(current.versionId);
  const fresh = await generateSignerChain(names, now());
  if (await versions.create(successor, JSON.stringify(fresh))) return claimSignerOf(fresh);
  const winner = parseStoredSigner((await versions.read(successor))?.value);
  if (!winner) throw new Error('the C2PA signer secret version written first holds no signer');
  return claimSignerOf(winner);
}

/** The slice of the SDK's client this needs: `send` of Get/PutSecretValue commands. */
export type SecretsClient = { send(command: object): Promise<unknown> };

/** `SecretVersions` over Secrets Manager (GetSecretValue, PutSecretValue with ClientRequestToken). */
export async function secretsManagerVersions(
  client: SecretsClient,
  secretId: string,
): Promise<SecretVersions> {
  const { GetSecretValueCommand, PutSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  return {
    async read(versionId) {
      try {
        const out = (await client.send(
          new GetSecretValueCommand({ SecretId: secretId, ...(versionId ? { VersionId: versionId } : {}) }),
        )) as { VersionId?: string; SecretString?: string };
        return out.VersionId ? { versionId: out.VersionId, value: out.SecretString } : undefined;
      } catch (error) {
        if ((error as Error).name === 'ResourceNotFoundException') return undefined;
        throw error;
      }
    },
    async create(versionId, value) {
      try {
        await client.send(
          new PutSecretValueCommand({
            SecretId: secretId,
            ClientRequestToken: versionId,
            SecretString: value,
          }),
        );
        return true;
      } catch (error) {
        if ((error as Error).name === 'ResourceExistsException') return false;
        throw error;
      }
    },
  };
}

let cached: { arn: string; signer: Promise<ChainClaimSigner> } | undefined;

/**
 * The deployed worker's manifest writer: signs with the secret's chain, read (and on a cold
 * deployment provisioned) once per container on first use; a failed read is retried by the next
 * creative (its slot is retried, not delivered unsigned). Undefined when the stack gives no secret.
 */
export function deployedManifestWriter(config: Config): ManifestWriter | undefined {
  const arn = config.c2paSignerSecretArn;
  if (!arn) return undefined;
  const signer = () => {
    if (cached?.arn !== arn) {
      const promise = (async () => {
        const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
        const client = new SecretsManagerClient({ region: config.region });
        const names = { name: config.keyEnv, organization: 'adgen deployment' };
        return provisionedClaimSigner(await secretsManagerVersions(client, arn), names);
      })();
      promise.catch(() => {
        if (cached?.signer === promise) cached = undefined;
      });
      cached = { arn, signer: promise };
    }
    return cached.signer;
  };
  return { embed: async (png, claim) => c2paManifestWriter(await signer()).embed(png, claim) };
}
