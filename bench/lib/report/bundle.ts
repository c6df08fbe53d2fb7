import type { BundleResult } from '../bundle.ts';
import type { Results } from '../results.ts';
import { type Emit, fig, num } from './format.ts';

/** 2. The router bundle: size, what is inside, import time, parts. */
export function bundleSection(r: Results, p: Emit): void {
  const b = r.bundle;
  p('## 2. Router bundle');
  p();
  p(
    `\`${b.entry}\` bundled with esbuild as the stack does (lib/router-bundle.ts: split into \`index.mjs\` and a chunk per action, the HTTP/1.1 SDK clients without the HTTP/2 handler, over \`DEFAULT_BUNDLING\`: minified ESM for node24, mainFields module,main, the createRequire banner), built in ${b.build_ms} ms.`,
  );
  p();
  p('| | value |');
  p('|---|---|');
  p(`| minified size, all chunks | ${num(b.bytes, 0)} B (limit 1,200,000) |`);
  if (b.cold_path_bytes !== undefined) {
    p(
      `| cold path: \`index.mjs\` and the chunks it imports statically | ${num(b.cold_path_bytes, 0)} B in ${b.cold_path_files} files (${b.chunks} chunks in all) |`,
    );
  }
  p(`| gzip -9 | ${num(b.gzip_bytes, 0)} B |`);
  p(`| source maps (separate files) | ${num(b.sourcemap_bytes, 0)} B |`);
  p(
    `| renderer inside (\`resvg\`/\`satori\` strings, renderer modules among the inputs) | ${b.renderer_strings_found.length + b.renderer_inputs_found.length === 0 ? 'none' : [...b.renderer_strings_found, ...b.renderer_inputs_found].join(', ')} |`,
  );
  if (b.cold_path_forbidden_found) {
    p(
      `| on the cold path, what only some actions need (S3, SQS, Bedrock, Cognito verifier, X-Ray, Powertools Metrics, text engine, action modules, zod) | ${b.cold_path_forbidden_found.length === 0 ? 'none' : b.cold_path_forbidden_found.join(', ')} |`,
    );
  }
  p(`| \`node index.mjs\` in a fresh process, ms | ${fig(b.import_ms)} |`);
  p(`| \`node --enable-source-maps index.mjs\` (as on Lambda), ms | ${fig(b.import_with_source_maps_ms)} |`);
  p(`| \`node -e 0\`, ms | ${fig(b.node_e_0_ms)} |`);
  p(`| import cost over \`node -e 0\` (medians) | ${b.import_over_baseline_ms} ms |`);
  p();
  p(
    `${b.import_runs} runs of each, interleaved, after one unmeasured warm-up of each. The bench fails if the bundle exceeds 1.2 MB, contains the renderer (resvg, satori, sharp, fonts, the creative engine, the compositor) or an NLP library (compromise, wink), loads on its cold path what only some actions need, or if its import costs more than twice the 100 ms budget over \`node -e 0\`.`,
  );
  p();
  if (b.cold_path_parts) {
    p(
      'Cold path by part (what a cold start parses and runs; bytes each contributes, from the esbuild metafile):',
    );
    p();
    partsTable(p, b.cold_path_parts, 15);
  }
  if (b.parts) {
    p(
      `NLP library inside: ${b.nlp_inputs_found?.length ? b.nlp_inputs_found.join(', ') : 'none'}. The whole asset by part (npm packages by name, the project by folder; the largest 25):`,
    );
    p();
    partsTable(p, b.parts, 25);
  }
}

/** Bytes by part, the largest `top` parts and the rest in one row. */
export function partsTable(p: Emit, parts: BundleResult['parts'], top: number): void {
  p('| part | bytes | share | files |');
  p('|---|---|---|---|');
  for (const part of parts.slice(0, top)) {
    p(`| \`${part.part}\` | ${num(part.bytes, 0)} | ${num(part.share * 100, 1)}% | ${part.files} |`);
  }
  const rest = parts.slice(top);
  if (rest.length > 0) {
    p(
      `| ${rest.length} smaller parts | ${num(
        rest.reduce((a, x) => a + x.bytes, 0),
        0,
      )} | ${num(rest.reduce((a, x) => a + x.share, 0) * 100, 1)}% | ${rest.reduce((a, x) => a + x.files, 0)} |`,
    );
  }
  p();
}

/** First requests of a fresh process importing the bundle. */
export function firstRequests(r: Results, p: Emit): void {
  const fr = r.first_request;
  if (!fr) return;
  p('### First requests after import');
  p();
  p(
    `${fr.processes} fresh Node processes, one after another, each importing the bundle and calling its handler in-process (as Lambda's runtime does) against the local stack: \`list_clients\` twice, then \`list_creatives\` (page of 50 with URLs) twice. All answered 200: ${fr.statuses_ok ? 'yes' : '**no**'}.`,
  );
  p();
  p('| step | ms (min / **median** / p99 / max) |');
  p('|---|---|');
  p(`| import inside the process | ${fig(fr.import_ms)} |`);
  p(`| \`list_clients\`, first request (cold) | ${fig(fr.list_clients_cold_ms)} |`);
  p(`| \`list_clients\`, second request (warm) | ${fig(fr.list_clients_warm_ms)} |`);
  p(
    `| \`list_creatives\`, first in the process (loads the presigner) | ${fig(fr.list_creatives_first_ms)} |`,
  );
  p(`| \`list_creatives\`, second (warm) | ${fig(fr.list_creatives_warm_ms)} |`);
  p();
  p(`The first request pays ${fr.cold_over_warm_ms} ms over a warm one (medians).`);
  p();
}

/** Presigning a page of 50 URLs three ways. */
export function presigning(r: Results, p: Emit): void {
  const ps = r.presign;
  if (!ps) return;
  p('### Presigning a page of 50 URLs');
  p();
  p(
    `Signing the 50 GetObject URLs of one \`list_creatives\` page (session credentials as on Lambda), in-process, ${ps.rounds} interleaved rounds after warm-up. The three signers' URLs were compared with getSignedUrl's for the same clock and credentials: ${ps.identical_urls ? 'identical' : '**they differ**'}. Kept: the cached signer (lambdas/core/s3/presign.ts, ADR 0022).`,
  );
  p();
  p('| signer | ms per page of 50 | µs per URL |');
  p('|---|---|---|');
  p(
    `| \`getSignedUrl\` (@aws-sdk/s3-request-presigner, before) | ${fig(ps.page_ms.sdk_get_signed_url, 3)} | ${ps.us_per_url.sdk_get_signed_url} |`,
  );
  p(
    `| @smithy/signature-v4 \`presign\`, one long-lived signer | ${fig(ps.page_ms.smithy_signature_v4, 3)} | ${ps.us_per_url.smithy_signature_v4} |`,
  );
  p(`| cached signing key (kept) | ${fig(ps.page_ms.cached_signer, 3)} | ${ps.us_per_url.cached_signer} |`);
  p();
  p(
    `The cached signer's first page in a fresh presigner (key derivation included): ${ps.cached_signer_first_page_ms} ms; ${ps.speedup_over_sdk}× faster than getSignedUrl (medians). Budget: < ${ps.budget_ms} ms.`,
  );
  p();
}
