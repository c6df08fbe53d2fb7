/**
 * The command line of an operator script (`npm run <script> -- …`), declared with commander like
 * the adgen CLI: --help prints the usage generated from the declaration and exits 0; an unknown
 * option, a missing value or a stray argument prints one line and the usage, exit 2, never a
 * stack trace.
 */
import { Command, CommanderError } from 'commander';

export const USAGE_EXIT = 2;

/** A script's command; declare its options on it, then `parseScript` it. */
export function scriptCommand(script: string, description: string): Command {
  return new Command(`npm run ${script} --`)
    .description(description)
    .exitOverride()
    .configureOutput({ outputError: () => {} });
}

/**
 * The options of `argv`, or the exit code when the script should stop here (0 after --help, 2 on
 * a usage error, written to stderr with the usage).
 */
export function parseScript<T extends object>(
  command: Command,
  argv: string[],
): { options: T; exit?: undefined } | { exit: number } {
  try {
    command.parse(argv, { from: 'user' });
    return { options: command.opts<T>() };
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return { exit: 0 };
    process.stderr.write(`${error.message}\n${command.helpInformation()}`);
    return { exit: USAGE_EXIT };
  }
}

/** Collects a repeatable option (`-c a=1 -c b=2`). */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
