import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth and tests work from any directory. */
const root = new URL('../', import.meta.url);

/** Absolute path of a file given relative to the repository root. */
export function projectPath(relative: string): string {
  return fileURLToPath(new URL(relative, root));
}
