/**
 * `npm run doctor`: says what this machine lacks to run adgen, with the exact install line for
 * each (Java for `npm start`; Java, Chromium and tesseract for `npm test`). Exit 1 when something
 * is missing. `npm test` runs it first (`--for test`), so a missing tool fails in a moment.
 *
 *   npm run doctor -- [--for start|test]
 */
import { pathToFileURL } from 'node:url';
import { check, installLine, missingLine } from '#ops/doctor/check.ts';
import type { Need } from '#ops/doctor/tools.ts';
import { parseScript, scriptCommand } from './lib/command.ts';

export function main(argv: string[]): number {
  const command = scriptCommand(
    'doctor',
    'Says what this machine lacks to run adgen (npm start, npm test), with the exact install line for each. Exit 1 when something is missing.',
  ).option('--for <command>', 'only what this npm command needs: start or test');
  const parsed = parseScript<{ for?: string }>(command, argv);
  if (parsed.exit !== undefined) return parsed.exit;
  const need = parsed.options.for;
  if (need !== undefined && need !== 'start' && need !== 'test') {
    process.stderr.write(`error: --for takes start or test, not '${need}'\n`);
    return 2;
  }
  const findings = check(need as Need | undefined);
  const missing = findings.filter((f) => !f.ok);
  const quiet = need !== undefined && missing.length === 0;
  if (!quiet) for (const f of findings) if (f.ok) process.stdout.write(`ok: ${f.tool.name} (${f.detail})\n`);
  for (const f of missing) process.stderr.write(`adgen doctor: ${missingLine(f)}\n`);
  if (missing.length > 1) {
    process.stderr.write(`adgen doctor: all at once: ${installLine(missing.map((f) => f.tool))}\n`);
  }
  return missing.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
