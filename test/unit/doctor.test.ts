/** `npm run doctor`: a missing tool is named with the line that installs it; present tools pass. */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { aptLine } from '../../ops/doctor/check.ts';
import { TOOLS } from '../../ops/doctor/tools.ts';

const NODE = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
const DOCTOR = fileURLToPath(new URL('../../scripts/doctor.ts', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function doctor(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(NODE, [DOCTOR, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A folder of stand-in executables that answer like the real tools' version probes. */
async function fakeTools(answers: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'adgen-doctor-'));
  dirs.push(dir);
  for (const [name, output] of Object.entries(answers)) {
    const file = join(dir, name);
    await writeFile(file, `#!/bin/sh\necho '${output}' >&2\n`);
    await chmod(file, 0o755);
  }
  return dir;
}

// Each case starts Node processes (the doctor and the tools it probes): slow on a loaded machine.
describe('npm run doctor', { timeout: 30_000 }, () => {
  it('names each missing tool with its install line, and all of them in one line; exit 1', async () => {
    const r = await doctor(['--for', 'test'], {
      PATH: '/nonexistent',
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    expect(r.code).toBe(1);
    for (const tool of TOOLS.filter((t) => t.neededFor.includes('test'))) {
      expect(r.stderr).toContain(`missing: ${tool.name}`);
      expect(r.stderr).toContain(aptLine([tool]));
    }
    expect(r.stderr).toContain(aptLine(TOOLS.filter((t) => t.neededFor.includes('test'))));
  });

  it('passes silently for npm test when everything is there; refuses a Java older than 11', async () => {
    const bin = await fakeTools({
      java: 'openjdk version "17.0.2" 2022-01-18',
      tesseract: 'tesseract 5.3.0',
    });
    const chromium = join(bin, 'tesseract');
    const ok = await doctor(['--for', 'test'], { PATH: bin, CHROMIUM_PATH: chromium });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout + ok.stderr).toBe('');

    const old = await fakeTools({ java: 'java version "1.8.0_292"' });
    const start = await doctor(['--for', 'start'], { PATH: old });
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('version 11 or later needed');
    expect(start.stderr).not.toContain('tesseract');
  });
});
