/** The operator scripts' command lines: --help answers the usage, a typo is one line and exit 2, no stack trace. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

function script(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, [TSX, file, ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each([
  'preflight',
  'create-admin',
  'offboard-user',
  'grant-credits',
  'doctor',
  'deploy-doc',
  'openapi',
  'data-model',
  'prism-check',
  'render-samples',
  'scale-model',
])('npm run %s', (name) => {
  it('--help prints the usage and exits 0; an unknown option exits 2 in a line, without a stack trace', async () => {
    const [help, typo] = await Promise.all([script(name, ['--help']), script(name, ['--no-such-option'])]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain(`Usage: npm run ${name.replace('-check', ':check')} --`);
    expect(help.stdout).toContain('--help');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^error: /);
    expect(typo.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
