/**
 * Which of the tools in ./tools.ts this machine lacks, and the one line that installs each.
 * Kept free of heavy imports: `npm test` runs it before the suite and `npm start` before the
 * stack, so a missing tool is told in a moment.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Need, TOOLS, type Tool } from './tools.ts';

export type Finding = { tool: Tool; ok: boolean; detail: string };

/** Where the tool's probe points (an env var wins over the default). */
function probePath(tool: Tool): string {
  const { probe } = tool;
  if ('file' in probe) return process.env[probe.pathEnv] || probe.file;
  const home = probe.homeEnv ? process.env[probe.homeEnv] : undefined;
  return home ? join(home, 'bin', probe.command) : probe.command;
}

/** Chromium for the browser test: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const tool = TOOLS.find((t) => t.name === 'chromium');
  if (!tool) throw new Error('chromium is not in the tool catalogue');
  return probePath(tool);
}

export function checkTool(tool: Tool): Finding {
  const path = probePath(tool);
  if ('file' in tool.probe) {
    return existsSync(path) ? { tool, ok: true, detail: path } : { tool, ok: false, detail: `no ${path}` };
  }
  const run = spawnSync(path, tool.probe.args, { encoding: 'utf8', timeout: 15_000 });
  if (run.error || run.status !== 0) {
    return { tool, ok: false, detail: run.error ? `${path} not found` : `${path} exited ${run.status}` };
  }
  const output = `${run.stdout}${run.stderr}`;
  const first = output.split('\n')[0]?.trim() ?? '';
  if (tool.minVersion) {
    const major = Number(new RegExp(tool.minVersion.versionPattern).exec(output)?.[1]);
    if (!(major >= tool.minVersion.major)) {
      return { tool, ok: false, detail: `${first}: version ${tool.minVersion.major} or later needed` };
    }
  }
  return { tool, ok: true, detail: first };
}

export function check(need?: Need): Finding[] {
  return TOOLS.filter((t) => need === undefined || t.neededFor.includes(need)).map(checkTool);
}

const isMac = () => process.platform === 'darwin';
const sudo = () => (process.getuid?.() === 0 ? '' : 'sudo ');

/** The apt-get line for some tools (Debian/Ubuntu; a fresh container has no package lists yet). */
export function aptLine(tools: readonly Tool[]): string {
  const packages = tools.flatMap((t) => t.install.apt).join(' ');
  return `${sudo()}apt-get update && ${sudo()}apt-get install -y --no-install-recommends ${packages}`;
}

/** The line that installs these tools on this machine's kind. */
export function installLine(tools: readonly Tool[]): string {
  return isMac() ? tools.map((t) => t.install.brew).join(' && ') : aptLine(tools);
}

/** One line per missing tool: what it is for and how to install it here. */
export function missingLine(finding: Finding): string {
  const { tool } = finding;
  return `missing: ${tool.name} (${finding.detail}), needed by npm ${tool.neededFor.join(' and npm ')}: ${tool.why}. Install: ${installLine([tool])}`;
}
