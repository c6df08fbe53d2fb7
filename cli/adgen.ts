/**
 * `adgen`: the command line of the adgen API (`npx adgen --help`). Every command is one or a few
 * calls of the typed client (`client/index.ts`), declared with commander in one module per command
 * group (`cli/commands/`), which gives per-command help and refuses unknown options and arguments.
 * Exit codes: 0 ok, 2 usage, 3 auth (401/403), 4 not found, 5 validation, 6 insufficient credits,
 * 7 other API error, 8 network.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Help } from 'commander';
import { AdgenError, WaitTimeoutError } from '../client/index.ts';
import { COMMAND_GROUPS } from './commands/index.ts';
import { AuthError, EXIT, UsageError } from './lib/errors.ts';

export { EXIT };

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const ROOT_HELP_AFTER = `
Base URL and API key: --base-url/--api-key, else ADGEN_BASE_URL/ADGEN_API_KEY, else the local
stack's $ADGEN_DATA_DIR/local.json (default .adgen/local.json, written by npm start).
--json prints the result as JSON on stdout (for scripts). Every writing command sends a fresh
Idempotency-Key and repeats it on retries. adgen <command> --help (or adgen help <command>) tells more.

Exit codes: 0 ok, 2 usage, 3 auth, 4 not found, 5 validation, 6 insufficient credits,
7 other API error, 8 network.`;

/** The commands a help page lists: every runnable command under this one, by its full name. */
function leaves(cmd: Command): Command[] {
  return cmd.commands.flatMap((sub) => (sub.commands.length > 0 ? leaves(sub) : [sub]));
}

function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

const help = new Help();

/** The program: global options, help layout and error handling set before the groups inherit them. */
export function program(): Command {
  const root = new Command('adgen')
    .description('adgen: creative ad generation from the command line')
    .usage('<command> [arguments] [--json] [--base-url URL] [--api-key KEY]')
    .version(`adgen ${VERSION}`, '-V, --version', 'print the version')
    .option('--json', 'print the result as JSON on stdout')
    .option('--base-url <url>', 'the API (else ADGEN_BASE_URL, else the local stack)')
    .option('--api-key <key>', 'the API key (else ADGEN_API_KEY, else the local stack)')
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .configureHelp({
      showGlobalOptions: true,
      visibleCommands: leaves,
      subcommandTerm: (cmd) => `${fullName(cmd)}${help.subcommandTerm(cmd).slice(cmd.name().length)}`,
    })
    .addHelpText('afterAll', ({ command }) => (command.parent ? '' : ROOT_HELP_AFTER));
  for (const group of COMMAND_GROUPS) group.register(root);
  return root;
}

/** The exit code of an error envelope's code. */
export function exitCodeOf(error: AdgenError): number {
  if (error.code === 'network_error') return EXIT.network;
  if (error.status === 401 || error.status === 403) return EXIT.auth;
  if (error.status === 404) return EXIT.notFound;
  if (error.status === 402) return EXIT.credits;
  if (error.status === 400 || error.status === 413) return EXIT.validation;
  return EXIT.api;
}

function describeError(error: AdgenError): string {
  const lines = [`error: ${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''})`];
  const details = error.details as { issues?: { path: string; message: string }[] } | undefined;
  for (const issue of details?.issues ?? []) lines.push(`  ${issue.path || '(body)'}: ${issue.message}`);
  if (error.status === 401)
    lines.push('  Check the API key (--api-key, ADGEN_API_KEY) or run `adgen login` for key commands.');
  if (error.status === 402) lines.push('  Grant more credits or lower the campaign volume.');
  if (error.code === 'network_error') lines.push('  Is the API running (npm start) and the base URL right?');
  return lines.join('\n');
}

const SECRET_FLAGS = /^--(password|new-password)(=|$)/;

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: number, error: string, message: string, extra: Record<string, unknown> = {}) => {
    if (json)
      process.stdout.write(`${JSON.stringify({ error: { code: error, message, ...extra } }, null, 2)}\n`);
    process.stderr.write(`${message}\n`);
    return code;
  };
  try {
    // Refused before parsing, so the value never reaches an error message.
    const secret = argv.find((a) => SECRET_FLAGS.test(a));
    if (secret) {
      throw new UsageError(
        `${secret.split('=')[0]} is not accepted: a password in the arguments stays in shell history and the process list. Type it at the prompt, or use --password-stdin or ADGEN_PASSWORD/ADGEN_NEW_PASSWORD (adgen login --help).`,
      );
    }
    await program().parseAsync(argv.length === 0 ? ['--help'] : argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      if (error.exitCode === 0) return EXIT.ok;
      return fail(EXIT.usage, 'usage', `${error.message} (see --help)`);
    }
    if (error instanceof AdgenError) {
      return fail(exitCodeOf(error), error.code, describeError(error), {
        status: error.status,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (error instanceof UsageError) return fail(EXIT.usage, 'usage', `error: ${error.message}`);
    if (error instanceof AuthError) return fail(EXIT.auth, 'unauthorized', `error: ${error.message}`);
    if (error instanceof WaitTimeoutError) return fail(EXIT.api, 'timeout', `error: ${error.message}`);
    return fail(EXIT.api, 'error', `error: ${(error as Error).message ?? String(error)}`);
  }
}

// `npx tsx cli/adgen.ts …` runs it directly; the `adgen` bin (cli/adgen.mjs) calls main().
if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
