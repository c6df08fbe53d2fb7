import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ChainClaimSigner,
  claimSignerOf,
  generateSignerChain,
  type StoredSigner,
} from '#core/provenance/signer-chain.ts';

/** A claim signer with the root that vouches for it (the trust anchor a reader is given). */
export type LocalClaimSigner = ChainClaimSigner;

const LOCAL_NAMES = { name: 'local', organization: 'adgen (local stack)' };

/** A fresh chain in memory (tests). */
export async function generateLocalClaimSigner(): Promise<LocalClaimSigner> {
  return claimSignerOf(await generateSignerChain(LOCAL_NAMES));
}

/**
 * The local stack's signer (ADR 0047), kept in `<dataDir>/c2pa/signer.json` (mode 0600) so its
 * creatives stay verifiable against one root across restarts; made on first start.
 */
export async function localClaimSigner(dataDir: string): Promise<LocalClaimSigner> {
  const folder = join(dataDir, 'c2pa');
  const file = join(folder, 'signer.json');
  try {
    return await claimSignerOf(JSON.parse(await readFile(file, 'utf8')) as StoredSigner);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const stored = await generateSignerChain(LOCAL_NAMES);
  await mkdir(folder, { recursive: true });
  await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  await writeFile(join(folder, 'root.pem'), stored.rootPem);
  return claimSignerOf(stored);
}
