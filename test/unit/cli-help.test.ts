/**
 * Every adgen command, as declared with commander: its own --help (exit 0, its full name in the
 * usage) and an unknown option refused with exit 2. Run in-process through `main`, the bin's entry.
 */
import type { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main, program } from '../../cli/adgen.ts';

function leaves(cmd: Command): Command[] {
  return cmd.commands.flatMap((sub) => (sub.commands.length > 0 ? leaves(sub) : [sub]));
}
const path = (cmd: Command): string[] => (cmd.parent ? [...path(cmd.parent), cmd.name()] : []);

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

const commands = leaves(program()).map(path);

describe('adgen commands', () => {
  it('has the command groups and their commands', () => {
    expect(commands.map((c) => c.join(' '))).toEqual(
      expect.arrayContaining([
        'login',
        'keys create',
        'creatives list',
        'creatives download',
        'jobs wait',
        'review approve',
        'review reject',
        'review reset',
        'review link create',
        'review link revoke',
        'export',
      ]),
    );
  });

  it.each(commands.map((c) => [c.join(' '), c]))(
    'adgen %s --help prints its usage, exit 0',
    async (_n, argv) => {
      const r = await run([...argv, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Usage: adgen ${argv.join(' ')}`);
      expect(r.stdout).toContain('--json');
    },
  );

  it.each(commands.map((c) => [c.join(' '), c]))(
    'adgen %s refuses an unknown option, exit 2',
    async (_n, argv) => {
      const r = await run([...argv, '--no-such-option', '--json']);
      expect(r.code).toBe(2);
      // A missing required option or argument is reported first; either way nothing was sent.
      expect(r.stderr).toMatch(/unknown option '--no-such-option'|required option|missing required argument/);
      expect(JSON.parse(r.stdout).error.code).toBe('usage');
    },
  );

  it('lists every command in the top help, and answers help <command>', async () => {
    const top = await run(['--help']);
    for (const argv of commands) expect(top.stdout).toContain(`adgen ${argv.join(' ')}`);
    const viaHelp = await run(['help', 'creatives']);
    expect(viaHelp.stdout).toContain('adgen creatives download');
  });
});
