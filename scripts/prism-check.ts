/**
 * `npm run prism:check` (run by CI): Prism (`@stoplight/prism-cli`) in proxy mode in front of the
 * local server, validating requests and answers against docs/openapi.json. For every action it
 * sends the document's example (ids replaced by real ones) and one invalid body, and fails unless
 * every valid request passes with 0 violations (request and answer) and every invalid one is
 * refused by Prism (422, a request violation) before it reaches the server. It also sends each
 * invalid body straight to the server, which must refuse it too (400).
 *
 * Starts its own local stack on a temporary directory with no generation workers (nothing here
 * needs an image), so it costs a stack start and 2 × actions requests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { actionNames } from '#api/actions/index.ts';
import { startLocalStack } from '#local/stack.ts';
import { optionsOrExit, scriptCommand } from './lib/command.ts';
import {
  contractOrder,
  createExampleFixtures,
  exampleBodies,
  readContractDoc,
} from './lib/contract-examples.ts';

optionsOrExit(
  scriptCommand(
    'prism:check',
    "Starts a local stack and Prism as a validating proxy in front of it; fails unless every action's example passes with 0 violations and every invalid variant is refused.",
  ),
);

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startPrism(upstream: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    join(root, 'node_modules', '.bin', 'prism'),
    [
      'proxy',
      join(root, 'docs', 'openapi.json'),
      upstream,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--errors',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, child };
}

type Answer = {
  status: number;
  body: unknown;
  violations: { location?: string[]; message?: string; severity?: string }[];
};

async function post(url: string, body: Record<string, unknown>, auth: { apiKey?: string; token?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  const header = res.headers.get('sl-violations');
  // Prism prefixes a long list with "Too many violations! "; the JSON array follows.
  let violations: Answer['violations'] = [];
  try {
    violations = header ? (JSON.parse(header.slice(header.indexOf('['))) as Answer['violations']) : [];
  } catch {
    // A list too long for one header arrives cut: still a violation, shown as it came.
    violations = [{ message: header ?? '' } as Answer['violations'][number]];
  }
  const answer: Answer = { status: res.status, body: parsed, violations };
  return answer;
}

const dataDir = await mkdtemp(join(tmpdir(), 'adgen-prism-'));
// One worker: review_creatives' example needs a finished creative (a 1-image job).
const stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 1 });
let prism: ChildProcess | undefined;
let failures = 0;
try {
  const { cognito } = stack.localJson;
  const idp = new CognitoIdentityProviderClient({
    region: cognito.region,
    endpoint: cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await idp.send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: cognito.username, PASSWORD: cognito.password },
    }),
  );
  idp.destroy();
  const token = auth.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('no access token from the local user pool');
  const apiKey = stack.apiKey;

  const doc = await readContractDoc();
  const direct = (
    action: string,
    fields: Record<string, unknown>,
    how: { apiKey?: string; token?: string },
  ) => post(stack.baseUrl, { action, ...fields }, how);
  const ids = await createExampleFixtures(direct, { apiKey, token });
  const bodies = exampleBodies(doc, ids);
  const started = await startPrism(stack.baseUrl);
  prism = started.child;

  // revoke_api_key last: it revokes the key made for it, which nothing else uses.
  const order = contractOrder(actionNames);
  const rows: string[] = [];
  for (const action of order) {
    const how = bodies.credential(action) === 'user_token' ? { token } : { apiKey };
    const valid = await post(started.url, bodies.valid(action), how);
    const invalid = await post(started.url, bodies.invalid(action), how);
    const server = await post(stack.baseUrl, bodies.invalid(action), how);
    const validation = (invalid.body as { validation?: unknown } | null)?.validation;
    const invalidViolations = Array.isArray(validation) ? validation.length : 0;
    const problems: string[] = [];
    if (valid.status !== 200)
      problems.push(`valid answered ${valid.status}: ${JSON.stringify(valid.body).slice(0, 300)}`);
    if (valid.violations.length > 0)
      problems.push(`valid had violations ${JSON.stringify(valid.violations)}`);
    if (invalid.status !== 422 || invalidViolations === 0) {
      problems.push(
        `invalid was not refused by Prism (${invalid.status}): ${JSON.stringify(invalid.body).slice(0, 300)}`,
      );
    }
    if (server.status !== 400) problems.push(`the server answered the invalid body ${server.status}`);
    failures += problems.length > 0 ? 1 : 0;
    rows.push(
      `${problems.length > 0 ? 'FAIL' : 'ok  '} ${action.padEnd(20)} valid ${valid.status}, ${valid.violations.length} violations; invalid refused by Prism ${invalid.status} (${invalidViolations} schema errors across the request branches), by the server ${server.status}${problems.length > 0 ? `\n       ${problems.join('\n       ')}` : ''}`,
    );
  }
  console.log(rows.join('\n'));
  console.log(
    `prism:check: ${order.length - failures} of ${order.length} actions: valid example 0 violations, invalid body refused`,
  );
} catch (error) {
  console.error(error);
  failures++;
} finally {
  prism?.kill('SIGTERM');
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failures > 0 ? 1 : 0);
