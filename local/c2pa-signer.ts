import { webcrypto } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClaimSigner } from '#core/provenance/c2pa.ts';

/** A claim signer with the root that vouches for it (the trust anchor a reader is given). */
export type LocalClaimSigner = ClaimSigner & { rootPem: string };

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const YEAR_MS = 365 * 86_400_000;

type Stored = { rootPem: string; signerPem: string; signerKeyPkcs8: string };

/**
 * A local certificate chain for C2PA signing (ADR 0047): a root CA and an end-entity certificate
 * with the profile C2PA asks of a claim signer (key usage digitalSignature, critical; extended key
 * usage emailProtection; not a CA), made with WebCrypto. Not on any trust list: a reader shows
 * the manifest as valid, and as trusted once given `rootPem` as an anchor.
 */
async function generate(): Promise<Stored> {
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as never);
  const rootKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const signerKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const now = Date.now();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=adgen local C2PA root, O=adgen (local stack)',
    notBefore: new Date(now - 86_400_000),
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
    subject: 'CN=adgen local C2PA signer, O=adgen (local stack)',
    issuer: root.subject,
    notBefore: new Date(now - 86_400_000),
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

async function signerOf(stored: Stored): Promise<LocalClaimSigner> {
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
    // WebCrypto's ECDSA signature is already the raw r|s pair COSE wants.
    sign: async (toBeSigned) => new Uint8Array(await webcrypto.subtle.sign(ES256, key, toBeSigned)),
  };
}

/** A fresh chain in memory (tests). */
export async function generateLocalClaimSigner(): Promise<LocalClaimSigner> {
  return signerOf(await generate());
}

/**
 * The local stack's signer, kept in `<dataDir>/c2pa/signer.json` (mode 0600) so its creatives
 * stay verifiable against one root across restarts; made on first start.
 */
export async function localClaimSigner(dataDir: string): Promise<LocalClaimSigner> {
  const folder = join(dataDir, 'c2pa');
  const file = join(folder, 'signer.json');
  try {
    return await signerOf(JSON.parse(await readFile(file, 'utf8')) as Stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const stored = await generate();
  await mkdir(folder, { recursive: true });
  await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  await writeFile(join(folder, 'root.pem'), stored.rootPem);
  return signerOf(stored);
}
