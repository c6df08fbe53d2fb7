/**
 * The command groups of `adgen`, in the order `adgen --help` lists them. A group is one module
 * exporting `register(program)`; a new group is one line here.
 */
import type { Command } from 'commander';
import * as angles from './angles.ts';
import * as brandKit from './brand-kit.ts';
import * as brief from './brief.ts';
import * as campaigns from './campaigns.ts';
import * as clients from './clients.ts';
import * as creatives from './creatives.ts';
import * as credits from './credits.ts';
import * as exportCommand from './export.ts';
import * as generate from './generate.ts';
import * as jobs from './jobs.ts';
import * as keys from './keys.ts';
import * as login from './login.ts';
import * as review from './review.ts';
import * as webhooks from './webhooks.ts';

export const COMMAND_GROUPS: readonly { register(program: Command): void }[] = [
  login,
  keys,
  clients,
  brandKit,
  brief,
  angles,
  campaigns,
  generate,
  jobs,
  creatives,
  review,
  exportCommand,
  credits,
  webhooks,
];
