import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { c2paManifestWriter } from '#core/provenance/c2pa.ts';
import { markProvenance } from '#core/provenance/mark.ts';
import {
  provisionedClaimSigner,
  type SecretVersions,
  secretsManagerVersions,
  successorVersionId,
} from '#core/provenance/signer-secret.ts';

/**
 * The deployed worker's signer (ADR 0047, amendment): a chain kept in a secret, provisioned by the
 * first worker over the stack's placeholder. The secret's versions are an in-memory store with
 * Secrets Manager's ClientRequestToken rule (a version id, once written, keeps its value); the
 * manifests it signs are read back by c2pa-rs (`@contentauth/c2pa-wasm`), as the provenance test does.
 */
beforeAll(() => {
  const wasm = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
  return readFile(wasm).then((module) => initSync({ module }));
});

const NAMES = { name: 'live', organization: 'adgen deployment' };

/** One secret's versions: `create` of an existing id with another value is refused, as PutSecretValue does. */
function secretWith(placeholder: string) {
  const values = new Map<string, string>([['v-placeholder', placeholder]]);
  let current = 'v-placeholder';
  const versions: SecretVersions = {
    read: async (versionId) => {
      const id = versionId ?? current;
      return values.has(id) ? { versionId: id, value: values.get(id) } : undefined;
    },
    create: async (versionId, value) => {
      // A turn of the event loop between the check and the write, as a network call has.
      await new Promise((r) => setImmediate(r));
      if (values.has(versionId)) return values.get(versionId) === value;
      values.set(versionId, value);
      current = versionId;
      return true;
    },
  };
  return { versions, values, current: () => current };
}

async function c2paOf(png: Buffer, rootPem: string) {
  const anchors = JSON.stringify({ version: 1, trust: { user_anchors: rootPem } });
  const reader = await WasmReader.fromBytes('image/png', png, anchors);
  return { state: JSON.parse(reader.json()).validation_state as string, manifest: reader.activeManifest() };
}

describe('the deployed C2PA signer', () => {
  it('is provisioned over the placeholder on first use and signs a manifest c2pa-rs trusts given its root', async () => {
    const secret = secretWith('{"provisioned":false,"placeholder":"x"}');
    const signer = await provisionedClaimSigner(secret.versions, NAMES);
    expect(secret.current()).toBe(successorVersionId('v-placeholder'));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const makeup = { modelVisual: true, product: true, logo: false };
    const { png: signed, provenance } = await markProvenance(png, makeup, c2paManifestWriter(signer));
    expect(provenance.c2pa).toBe('embedded');
    const c2pa = await c2paOf(signed, signer.rootPem);
    expect(c2pa.state).toBe('Trusted');
    expect(c2pa.manifest.signature_info).toMatchObject({
      alg: 'Es256',
      common_name: 'adgen live C2PA signer',
    });
    expect((c2pa.manifest.ingredients ?? []).map((i: any) => i.title)).toEqual([
      'model visual',
      'product image',
    ]);
  });

  it('is read back, not made again, by the next container', async () => {
    const secret = secretWith('placeholder');
    const first = await provisionedClaimSigner(secret.versions, NAMES);
    const versionsBefore = secret.values.size;
    const second = await provisionedClaimSigner(secret.versions, NAMES);
    expect(second.chainPem).toEqual(first.chainPem);
    expect(secret.values.size).toBe(versionsBefore);
  });

  it('is one chain when cold workers race to provision it', async () => {
    const secret = secretWith('placeholder');
    const signers = await Promise.all(
      Array.from({ length: 5 }, () => provisionedClaimSigner(secret.versions, NAMES)),
    );
    expect(new Set(signers.map((s) => s.chainPem[0])).size).toBe(1);
    // The placeholder and exactly one chain.
    expect(secret.values.size).toBe(2);
    expect(JSON.parse(secret.values.get(secret.current()) ?? '').signerPem).toBe(signers[0]?.chainPem[0]);
  });

  it('is renewed once, 30 days before its certificate expires', async () => {
    const secret = secretWith('placeholder');
    const made = Date.parse('2026-01-01T00:00:00Z');
    const old = await provisionedClaimSigner(secret.versions, NAMES, () => made);
    const oldVersion = secret.current();
    // Two years less a day: a signer that would lapse within 30 days is replaced.
    const late = () => old.notAfter.getTime() - 20 * 86_400_000;
    const [renewed, again] = await Promise.all([
      provisionedClaimSigner(secret.versions, NAMES, late),
      provisionedClaimSigner(secret.versions, NAMES, late),
    ]);
    expect(renewed?.chainPem).toEqual(again?.chainPem);
    expect(renewed?.chainPem).not.toEqual(old.chainPem);
    expect(secret.current()).toBe(successorVersionId(oldVersion));
    // Well before then, the stored signer is used as it is.
    const early = await provisionedClaimSigner(secret.versions, NAMES, () => made + 86_400_000);
    expect(early.chainPem).toEqual(renewed?.chainPem);
  });
});

describe('the signer secret on Secrets Manager', () => {
  /** A client answering from recorded replies (the rare unit test of error mapping the guide allows). */
  function clientAnswering(reply: (command: object) => unknown) {
    const sent: object[] = [];
    return {
      sent,
      client: {
        send: async (command: object) => {
          sent.push(command);
          const out = reply(command);
          if (out instanceof Error) throw out;
          return out;
        },
      },
    };
  }
  const named = (name: string) => Object.assign(new Error(name), { name });

  it('reads the current version, or one by id, and answers undefined for a version that does not exist', async () => {
    const { client, sent } = clientAnswering((c) =>
      (c as GetSecretValueCommand).input.VersionId === 'gone'
        ? named('ResourceNotFoundException')
        : { VersionId: 'v1', SecretString: 'value' },
    );
    const versions = await secretsManagerVersions(client, 'arn:secret');
    expect(await versions.read()).toEqual({ versionId: 'v1', value: 'value' });
    expect(await versions.read('gone')).toBeUndefined();
    expect(sent[0]).toBeInstanceOf(GetSecretValueCommand);
    expect(sent.map((c) => (c as GetSecretValueCommand).input)).toEqual([
      { SecretId: 'arn:secret' },
      { SecretId: 'arn:secret', VersionId: 'gone' },
    ]);
  });

  it('writes a version under its id as the ClientRequestToken; a version already written by another is false', async () => {
    let taken = false;
    const { client, sent } = clientAnswering(() => {
      if (taken) return named('ResourceExistsException');
      taken = true;
      return { VersionId: 'token' };
    });
    const versions = await secretsManagerVersions(client, 'arn:secret');
    expect(await versions.create('token', 'a')).toBe(true);
    expect(await versions.create('token', 'b')).toBe(false);
    expect(sent[0]).toBeInstanceOf(PutSecretValueCommand);
    expect((sent[0] as PutSecretValueCommand).input).toEqual({
      SecretId: 'arn:secret',
      ClientRequestToken: 'token',
      SecretString: 'a',
    });
  });

  it('lets any other failure through (the slot is retried, not delivered unsigned)', async () => {
    const { client } = clientAnswering(() => named('AccessDeniedException'));
    const versions = await secretsManagerVersions(client, 'arn:secret');
    await expect(versions.read()).rejects.toThrow('AccessDeniedException');
    await expect(versions.create('t', 'v')).rejects.toThrow('AccessDeniedException');
  });

  it('derives a 36-character version id per predecessor (ClientRequestToken takes 32 to 64)', () => {
    expect(successorVersionId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(successorVersionId('a')).toBe(successorVersionId('a'));
    expect(successorVersionId('a')).not.toBe(successorVersionId('b'));
  });
});
