import { createHash } from 'node:crypto';
import type { ManifestWriter, ProvenanceClaim } from './manifest.ts';
import { DIGITAL_SOURCE_TYPE_BASE } from './xmp.ts';

/**
 * What signs a C2PA claim (ADR 0047): ES256 over the COSE to-be-signed bytes, answered as the raw
 * r|s pair (IEEE P1363, as COSE and c2pa-rs require), with the certificate chain that vouches for
 * the key, leaf first. A generated key and chain (signer-chain.ts): locally kept in the data
 * folder (local/c2pa-signer.ts), on AWS in the stack's secret (signer-secret.ts).
 */
export type ClaimSigner = {
  /** PEM certificates, the signing certificate first, then its issuers (not the root). */
  chainPem: readonly string[];
  sign(toBeSigned: Uint8Array): Promise<Uint8Array>;
};

/** COSE algorithm ES256 (ECDSA P-256 with SHA-256). */
const ES256 = -7;

/**
 * A C2PA manifest writer on c2pa-ts (a pure TypeScript C2PA library from the npm registry; no
 * native binary, no WebAssembly): a standard manifest with a data-hash hard binding over the PNG,
 * the actions (`c2pa.created` with the IPTC digital source type, `c2pa.placed`), the claim
 * generator (adgen and its version) and one ingredient per input, signed by `signer` and embedded
 * as the PNG's caBX chunk. Loaded on first use, so workers that sign nothing never load it.
 */
export function c2paManifestWriter(signer: ClaimSigner): ManifestWriter {
  return {
    async embed(png: Buffer, claim: ProvenanceClaim) {
      const [{ PNG }, manifestApi, { X509Certificate }] = await Promise.all([
        import('@trustnxt/c2pa-ts/asset'),
        import('@trustnxt/c2pa-ts/manifest'),
        import('@peculiar/x509'),
      ]);
      const { ActionAssertion, ClaimVersion, DataHashAssertion, IngredientAssertion, ManifestStore } =
        manifestApi;
      const [certificate, ...chain] = signer.chainPem.map((pem) => new X509Certificate(pem));
      if (!certificate) throw new Error('the C2PA signer has no certificate');
      const coseSigner = {
        algorithm: ES256,
        certificate,
        chainCertificates: chain,
        sign: (payload: Uint8Array) => signer.sign(payload),
      };
      const asset = new PNG(png);
      const store = new ManifestStore();
      const manifest = store.createManifest({
        claimVersion: ClaimVersion.V2,
        assetFormat: 'image/png',
        instanceID: `xmp:iid:${crypto.randomUUID()}`,
        defaultHashAlgorithm: 'SHA-256',
        signer: coseSigner,
      });
      if (manifest.claim) {
        manifest.claim.claimGeneratorName = claim.claimGenerator.name;
        manifest.claim.claimGeneratorVersion = claim.claimGenerator.version;
      }
      const hash = DataHashAssertion.create('SHA-256');
      manifest.addAssertion(hash);
      // Ingredients first: `c2pa.placed` names the ones it placed by hashed reference, and a
      // repeated assertion label takes a `__n` suffix (C2PA 2.1, "Labels").
      const placed: ReturnType<typeof manifest.createAssertionReference>[] = [];
      for (const [i, ingredient] of claim.ingredients.entries()) {
        const assertion = IngredientAssertion.createV3(ingredient.relationship as never);
        assertion.title = ingredient.title;
        assertion.format = 'image/png';
        if (i > 0) assertion.labelSuffix = i;
        manifest.addAssertion(assertion);
        // Hashed as the claim hashes its references: SHA-256 over the assertion's JUMBF box content.
        const box = assertion.generateJUMBFBox(manifest.claim);
        if (!box.rawContent) box.toBuffer();
        const reference = manifest.createAssertionReference(assertion);
        reference.hash = new Uint8Array(
          createHash('sha256')
            .update(box.rawContent as Uint8Array)
            .digest(),
        );
        placed.push(reference);
      }
      const agent = { name: claim.claimGenerator.name, version: claim.claimGenerator.version };
      const actions = new ActionAssertion();
      actions.actions = claim.actions.map((a) => ({
        action: a.action as never,
        softwareAgent: agent,
        ...(a.digitalSourceType
          ? { digitalSourceType: `${DIGITAL_SOURCE_TYPE_BASE}${a.digitalSourceType}` as never }
          : {}),
        ...(a.action === 'c2pa.placed' ? { parameters: { ingredients: placed } } : {}),
      }));
      manifest.addAssertion(actions);
      await asset.ensureManifestSpace(store.measureSize());
      await hash.updateWithAsset(asset);
      await manifest.sign(coseSigner);
      await asset.writeManifestJUMBF(store.getBytes());
      return Buffer.from(await asset.getDataRange());
    },
  };
}
