#!/usr/bin/env node
// The `adgen` bin: runs cli/adgen.ts through tsx's loader, so `npx adgen` works after `npm ci`.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('./adgen.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
