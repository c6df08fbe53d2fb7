/**
 * `adgen review approve|reject|reset <creative id…>` and `adgen review link create|revoke`: the
 * client's decisions (review_creatives) and the account-free review page (ADR 0040).
 */
import type { Command } from 'commander';
import type { AdgenClient, Creative, Inputs } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { UsageError } from '../lib/errors.ts';
import { integer, print, strip } from '../lib/output.ts';

type ReviewState = Inputs['review_creatives']['reviews'][number]['state'];

/** review_creatives takes at most this many per call; longer lists go in several calls. */
const PER_CALL = 100;
const DAY_MS = 86_400_000;

export const reviewLine = (c: Creative) =>
  `${c.id}  ${c.review.state.padEnd(10)}${c.review.note ? `  "${c.review.note}"` : ''}`;

async function decide(client: AdgenClient, ids: string[], state: ReviewState, note: string | undefined) {
  const creatives: Creative[] = [];
  for (let at = 0; at < ids.length; at += PER_CALL) {
    const reviews = ids.slice(at, at + PER_CALL).map((creative_id) => strip({ creative_id, state, note }));
    creatives.push(...(await client.reviewCreatives({ reviews })).creatives);
  }
  return creatives;
}

function decision(parent: Command, name: string, state: ReviewState, summary: string): Command {
  return parent
    .command(name)
    .summary(summary)
    .argument('<creative ids...>')
    .action(async (ids: string[], _o, cmd: Command) => {
      const o = optionsOf<{ note?: string }>(cmd);
      if (state === 'unreviewed' && o.note !== undefined) {
        throw new UsageError('reset takes no --note: it takes a decision back.');
      }
      const creatives = await decide(await apiClient(o), ids, state, o.note);
      print(o.output, { creatives }, () => creatives.map(reviewLine).join('\n'));
    });
}

/** The expiry of a new link: --expires-at as given, or --days from now (the API's default 7 when neither). */
function expiry(o: { expiresAt?: string; days?: number }): string | undefined {
  if (o.expiresAt !== undefined && o.days !== undefined) {
    throw new UsageError('Give --expires-at or --days, not both.');
  }
  if (o.days !== undefined) return new Date(Date.now() + o.days * DAY_MS).toISOString();
  return o.expiresAt;
}

export function register(program: Command): void {
  const review = program
    .command('review')
    .summary('approve or reject creatives; review links for the client')
    .description(
      'The review state of creatives: approve or reject them (with an optional note), or reset them to unreviewed. review link create answers a URL your client opens without an account (shown once); review link revoke ends it at once.',
    );

  decision(review, 'approve', 'approved', 'approve creatives (optionally with --note)').option(
    '--note <text>',
    'a note kept with the decision',
  );
  decision(review, 'reject', 'rejected', 'reject creatives (say why with --note)').option(
    '--note <text>',
    'why, kept with the decision',
  );
  decision(review, 'reset', 'unreviewed', 'take a decision back (unreviewed)');

  const link = review
    .command('link')
    .summary('review links (create, revoke)')
    .description(
      'A review link opens a page of the campaign’s creatives with Approve / Reject, no account needed.',
    );

  link
    .command('create')
    .summary('a review link for a campaign; its URL is shown once')
    .requiredOption('--campaign <campaign id>', 'the campaign to review')
    .option('--days <n>', 'valid for this many days (1 to 30; default 7)', integer)
    .option('--expires-at <iso date-time>', 'valid until then (at most 30 days ahead)')
    .option('--note <text>', 'shown on the page, e.g. what to look for')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ campaign: string; days?: number; expiresAt?: string; note?: string }>(cmd);
      const r = await (await apiClient(o)).createReviewLink(
        strip({ campaign_id: o.campaign, expires_at: expiry(o), note: o.note }),
      );
      const l = r.review_link;
      print(
        o.output,
        r,
        () =>
          `Review link ${l.id} for campaign ${l.campaign_id}, valid until ${l.expires_at}. URL, shown only now:\n${l.url}`,
      );
    });

  link
    .command('revoke')
    .summary('end a review link at once')
    .argument('<review link id>')
    .action(async (review_link_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).revokeReviewLink({ review_link_id });
      print(o.output, r, () => `Revoked review link ${r.review_link.id} at ${r.review_link.revoked_at}.`);
    });
}
