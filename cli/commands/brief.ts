/** `adgen brief get|update`: a client's stored brief (what generate_angles understood), and corrections. */
import { type Command, InvalidArgumentError } from 'commander';
import type { Results } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { list, type Out, print, strip } from '../lib/output.ts';

const ROLES =
  'pain, benefit, feature, proof, differentiator, objection, offer, price, guarantee, competitor, audience_insight';

function printBrief(out: Out, r: Results['get_brief']) {
  const b = r.brief;
  print(out, r, () =>
    [
      `${b.id}  version ${b.version} (${b.source})  ${b.business_name}`,
      `category: ${b.category}`,
      `subject:  ${b.subject}`,
      ...(b.product ? [`product:  ${b.product}`] : []),
      ...(b.audience ? [`audience: ${b.audience}`] : []),
      ...(b.location ? [`location: ${b.location}`] : []),
      ...b.facts.map((f) => `${f.id.padEnd(4)} ${f.role.padEnd(16)} ${f.text}`),
    ].join('\n'),
  );
}

/** `--fact f3="new text"` or `--fact f3:proof="new text"` → a fix. */
function fix(value: string, previous: Array<{ id: string; text?: string; role?: string }> = []) {
  const m = /^(f[1-9]\d*)(?::([a-z_]+))?(?:=(.*))?$/su.exec(value);
  if (!m?.[1] || (m[2] === undefined && m[3] === undefined)) {
    throw new InvalidArgumentError(`--fix takes ID=TEXT, ID:ROLE or ID:ROLE=TEXT (roles: ${ROLES})`);
  }
  return [...previous, strip({ id: m[1], role: m[2], text: m[3] })];
}

/** `--add proof="Rated 4.8 by 900 guests"` → a new fact. */
function add(value: string, previous: Array<{ role: string; text: string }> = []) {
  const m = /^([a-z_]+)=(.+)$/su.exec(value);
  if (!m?.[1] || !m[2]) throw new InvalidArgumentError(`--add takes ROLE=TEXT (roles: ${ROLES})`);
  return [...previous, { role: m[1], text: m[2] }];
}

export function register(program: Command): void {
  const brief = program
    .command('brief')
    .summary("a client's stored brief (get, update)")
    .description(
      'What generate_angles understood of a research summary: category, subject, audience and facts with their ids. Correct it with update, then generate angles from the corrected version: adgen angles generate --client ID --brief ID.',
    );

  brief
    .command('get', { isDefault: true })
    .summary("a brief version, or a client's latest")
    .option('--client <client id>', "the client's latest brief")
    .option('--brief <brief id>', 'one version')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ client?: string; brief?: string }>(cmd);
      printBrief(
        o.output,
        await (await apiClient(o)).getBrief(strip({ client_id: o.client, brief_id: o.brief })),
      );
    });

  brief
    .command('update')
    .summary('correct the latest version (stores the next one)')
    .requiredOption('--brief <brief id>', 'the latest version')
    .option('--category <vertical > sub-vertical>', 'see docs/taxonomy.md')
    .option('--subject <scene>', 'what a picture of the business shows, in English')
    .option('--fix <id=text>', 'fix a fact: ID=TEXT, ID:ROLE or ID:ROLE=TEXT (repeatable)', fix)
    .option('--add <role=text>', 'add a fact (repeatable)', add)
    .option('--drop <ids>', 'drop facts, comma-separated ids')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{
        brief: string;
        category?: string;
        subject?: string;
        fix?: Array<{ id: string; text?: string; role?: string }>;
        add?: Array<{ role: string; text: string }>;
        drop?: string;
      }>(cmd);
      const body = strip({
        brief_id: o.brief,
        category: o.category,
        subject: o.subject,
        fix_facts: o.fix,
        add_facts: o.add,
        drop_facts: list(o.drop),
      });
      printBrief(
        o.output,
        await (await apiClient(o)).updateBrief(
          body as Parameters<Awaited<ReturnType<typeof apiClient>>['updateBrief']>[0],
        ),
      );
    });
}
