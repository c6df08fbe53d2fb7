import { webcrypto } from 'node:crypto';
import type { ClaimSigner } from './c2pa.ts';

/** A claim signer with what vouches for it: the root (a reader's trust anchor) and when it expires. */
export type ChainClaimSigner = ClaimSigner & { rootPem: string; notAfter: Date };

/** A signer as it is kept (a file locally, a Secrets Manager secret on AWS): JSON of this shape. */
export type StoredSigner = { rootPem: string; signerPem: string; signerKeyPkcs8: string };

/** Who the certificates name: `adgen <name> C2PA root|signer`, O=`organization`. */
export type SignerNames = { name: string; organization: string };

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/**
 * A certificate chain for C2PA signing (ADR 0047): a root CA and an end-entity certificate with
 * the profile C2PA asks of a claim signer (key usage digitalSignature, critical; extended key
 * usage emailProtection; not a CA), made with WebCrypto. The root's private key is dropped once it
 * has signed: only the signer's key is kept. Not on any trust list: a reader shows the manifest as
 * valid, and as trusted once given `rootPem` as an anchor.
 */
export async function generateSignerChain(names: SignerNames, now = Date.now()): Promise<StoredSigner> {
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as never);
  const rootKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const signerKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=adgen ${names.name} C2PA root, O=${names.organization}`,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 10 * YEAR_MS),
    keys: rootKeys as never,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey as never),
    ],
  });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=adgen ${names.name} C2PA signer, O=${names.organization}`,
    issuer: root.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 2 * YEAR_MS),
    publicKey: signerKeys.publicKey as never,
    signingKey: rootKeys.privateKey as never,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey as never),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey as never),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', signerKeys.privateKey as never);
  return {
    rootPem: root.toString('pem'),
    signerPem: signer.toString('pem'),
    signerKeyPkcs8: Buffer.from(pkcs8).toString('base64'),
  };
}

/** The stored signer in `text`, or undefined when `text` is not one (a placeholder, another value). */
export function parseStoredSigner(text: string | undefined): StoredSigner | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<StoredSigner> | null;
    const fields = [value?.rootPem, value?.signerPem, value?.signerKeyPkcs8];
    return fields.every((f) => typeof f === 'string' && f.length > 0) ? (value as StoredSigner) : undefined;
  } catch {
    return undefined;
  }
}

/** The claim signer of a stored chain: its key imported (not extractable), its certificate first. */
export async function claimSignerOf(stored: StoredSigner): Promise<ChainClaimSigner> {
  const { X509Certificate } = await import('@peculiar/x509');
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    Buffer.from(stored.signerKeyPkcs8, 'base64'),
    EC,
    false,
    ['sign'],
  );
  return {
    chainPem: [stored.signerPem],
    rootPem: stored.rootPem,
    notAfter: new X509Certificate(stored.signerPem).notAfter,
    // WebCrypto's ECDSA signature is already the raw r|s pair COSE wants.
    sign: async (toBeSigned) => new Uint8Array(await webcrypto.subtle.sign(ES256, key, toBeSigned)),
  };
}
