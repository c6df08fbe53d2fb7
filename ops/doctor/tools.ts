/**
 * What this machine needs beyond `npm ci`, as data: the tool, which command needs it, why, how to
 * tell it is there, and the package that brings it on Debian/Ubuntu and on macOS. `npm run doctor`
 * and `npm start` read it; nothing else names these packages.
 */
export type Need = 'start' | 'test';

export type Tool = {
  name: string;
  /** The npm commands that fail without it. */
  neededFor: readonly Need[];
  why: string;
  /** A command that answers when the tool works, or a file that must exist (env var first). */
  probe: { command: string; args: readonly string[]; homeEnv?: string } | { file: string; pathEnv: string };
  /** The smallest version that works, read from the probe's output by `versionPattern`. */
  minVersion?: { major: number; versionPattern: string };
  install: {
    /** Debian/Ubuntu packages (apt-get install). */
    apt: readonly string[];
    /** Homebrew formulae or casks, and what to do after. */
    brew: string;
  };
};

export const TOOLS: readonly Tool[] = [
  {
    name: 'java',
    neededFor: ['start', 'test'],
    why: 'DynamoDB Local, the local database, runs on Java 11 or later',
    probe: { command: 'java', args: ['-version'], homeEnv: 'JAVA_HOME' },
    minVersion: { major: 11, versionPattern: 'version "(?:1\\.)?(\\d+)' },
    install: {
      apt: ['default-jre-headless'],
      brew: 'brew install openjdk && export JAVA_HOME="$(brew --prefix openjdk)"',
    },
  },
  {
    name: 'chromium',
    neededFor: ['test'],
    why: "the gallery's browser test (test/e2e) drives a headless Chromium",
    probe: { file: '/usr/bin/chromium', pathEnv: 'CHROMIUM_PATH' },
    install: {
      apt: ['chromium'],
      brew: 'brew install --cask chromium && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium',
    },
  },
  {
    name: 'tesseract',
    neededFor: ['test'],
    why: 'the creative-quality tests read rendered ads back with OCR',
    probe: { command: 'tesseract', args: ['--version'] },
    install: { apt: ['tesseract-ocr', 'tesseract-ocr-eng'], brew: 'brew install tesseract' },
  },
];
