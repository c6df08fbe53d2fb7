/**
 * `npm start`: the whole service on this machine. Starts the emulators (DynamoDB Local, the SQS
 * and S3 emulators, cognito-local) with their data under $ADGEN_DATA_DIR, creates what is
 * missing, seeds a Cognito user with an account and an API key, and serves the same handlers
 * as Lambda on http://127.0.0.1:$PORT. Ctrl-C stops everything; a restart keeps all data.
 */
import { assertPortFree, PortInUseError } from './port.ts';

const port = Number(process.env.PORT ?? 3000);
// Checked before the rest of the stack is even loaded, so a busy port answers in a moment.
await assertPortFree(port).catch((error: unknown) => {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(`adgen: ${error.message}`);
  process.exit(1);
});
const { startLocalStack } = await import('./stack.ts');

const stack = await startLocalStack({
  dataDir: process.env.ADGEN_DATA_DIR ?? '.adgen',
  port,
  defaultCredits: process.env.ADGEN_DEFAULT_CREDITS,
  // One readable line per request or slot; ADGEN_LOG_FORMAT=json prints the Lambda's JSON lines.
  logFormat: process.env.ADGEN_LOG_FORMAT === 'json' ? 'json' : 'pretty',
});

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
