import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/adgen.mjs', import.meta.url));

export type CliRun = { code: number; stdout: string; stderr: string; json: any };

/**
 * `adgen <args>` as a child process, configured only by ADGEN_DATA_DIR (the local stack's
 * local.json) and `env`: the caller's ADGEN_BASE_URL, ADGEN_API_KEY and ADGEN_PASSWORD are not
 * passed on. Resolves with the exit code, both streams and stdout parsed when it is JSON.
 */
export function runAdgen(
  dataDir: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const { ADGEN_BASE_URL: _u, ADGEN_API_KEY: _k, ADGEN_PASSWORD: _p, ...inherited } = process.env;
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...inherited, ADGEN_DATA_DIR: dataDir, ...options.env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, json });
      },
    );
    child.stdin?.end(options.stdin ?? '');
  });
}
