/**
 * `npm start`: the whole service on this machine. Starts the emulators (DynamoDB Local, the SQS
 * and S3 emulators, cognito-local) with their data under $ADGEN_DATA_DIR, creates what is
 * missing, seeds a Cognito user with an account and an API key, and serves the same handlers
 * as Lambda on http://127.0.0.1:$PORT. Ctrl-C (SIGINT or SIGTERM) stops everything; a restart
 * keeps all data. One stack per data folder: a second start on it exits 1 naming the first.
 *
 * Run by plain Node (`exec node local/main.ts`: its type stripping, so npm's signals reach this
 * very process, with no shell or tsx wrapper in between to swallow them). The checks below load
 * nothing heavy and answer in a moment; only then is tsx registered for the stack's modules.
 */
import { checkTool, installLine } from '#ops/doctor/check.ts';
import { TOOLS } from '#ops/doctor/tools.ts';
import { claimDataDir, DataDirLockedError } from './data-dir.ts';
import { assertPortFree, PortInUseError } from './port.ts';

function fail(message: string): never {
  console.error(`adgen: ${message}`);
  process.exit(1);
}

const claim = await claimDataDir(process.env.ADGEN_DATA_DIR ?? '.adgen').catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  throw error;
});
for (const tool of TOOLS.filter((t) => t.neededFor.includes('start'))) {
  const found = checkTool(tool);
  if (!found.ok) {
    await claim.release();
    fail(`npm start needs ${tool.name} (${found.detail}): ${tool.why}. Install: ${installLine([tool])}`);
  }
}
const port = Number(process.env.PORT ?? 3000);
await assertPortFree(port).catch(async (error: unknown) => {
  await claim.release();
  if (error instanceof PortInUseError) fail(error.message);
  throw error;
});
// The stack's modules use TypeScript beyond type stripping (and #imports tsx resolves): tsx
// compiles them from here on. Under tsx already (the tests start it so), this is a no-op.
const { register } = await import('tsx/esm/api');
register();
const { startLocalStack } = await import('./stack.ts');

const stack = await startLocalStack({
  dataDir: claim.dataDir,
  port,
  defaultCredits: process.env.ADGEN_DEFAULT_CREDITS,
  // One readable line per request or slot; ADGEN_LOG_FORMAT=json prints the Lambda's JSON lines.
  logFormat: process.env.ADGEN_LOG_FORMAT === 'json' ? 'json' : 'pretty',
}).catch(async (error: unknown) => {
  await claim.release();
  throw error;
});
await claim.serving(stack.baseUrl);

console.log(`
adgen is running
  API       POST ${stack.baseUrl}/   (header X-Api-Key)
  API key   ${stack.apiKey}
  gallery   ${stack.baseUrl}/gallery
  settings  ${stack.localJsonPath}
Try:
  curl -s ${stack.baseUrl} -H 'content-type: application/json' -H 'x-api-key: ${stack.apiKey}' -d '{"action":"create_client","name":"Acme"}'
Stop with Ctrl-C.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack
      .stop()
      .then(() => claim.release())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
