/**
 * Grants credits to an account: new credits straight into `credits_available`, with the
 * ledger's own update (`ledger.grant` in lambdas/core/entities/ledger.ts), then prints the balance.
 *
 *   npm run grant-credits -- --account <account id> --credits 500 --table <TableName output> [--region eu-west-1]
 *   npm run grant-credits -- --account <account id> --credits 500 --local [--data-dir .adgen]
 *
 * On AWS it uses the default credential chain and needs dynamodb:UpdateItem on the table.
 * `--local` reads the table and the DynamoDB Local endpoint from `<data dir>/local.json`,
 * which `npm start` writes. The account must exist (a Cognito user's first call creates it).
 * Running it twice grants twice: check the balance it prints.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CreditsView, creditsView } from '#core/credits.ts';
import { isConditionalCheckFailed } from '#core/db/errors.ts';
import { accountFromItem } from '#core/entities/account.ts';
import { ledger } from '#core/entities/ledger.ts';
import type { LocalJson } from '#local/stack.ts';
import { parseScript, scriptCommand } from './lib/command.ts';

export type GrantTarget = { tableName: string; region?: string | undefined; endpoint?: string | undefined };

export class GrantError extends Error {
  override name = 'GrantError';
}

/** Adds `credits` to the account's available credits; answers the new balance. */
export async function grantCredits(
  target: GrantTarget,
  accountId: string,
  credits: number,
): Promise<CreditsView> {
  if (!Number.isInteger(credits) || credits < 1 || credits > 1_000_000_000) {
    throw new GrantError(`--credits must be a whole number from 1 to 1000000000, got ${credits}`);
  }
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: target.region, endpoint: target.endpoint }),
  );
  try {
    const update = ledger.grant(target.tableName, accountId, credits).Update;
    if (!update) throw new Error('ledger.grant returned no update');
    const out = await ddb.send(
      new UpdateCommand({
        ...update,
        UpdateExpression: `${update.UpdateExpression}, updated_at = :now`,
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return creditsView(accountFromItem(out.Attributes ?? {}).credits);
  } catch (error) {
    if (isConditionalCheckFailed(error)) {
      throw new GrantError(`No account ${accountId} in table ${target.tableName}; nothing was granted.`);
    }
    throw error;
  } finally {
    ddb.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const command = scriptCommand(
    'grant-credits',
    'Grants credits to an account and prints its balance. On AWS give --table (the stack output TableName); --local reads the local stack of --data-dir.',
  )
    .requiredOption('--account <id>', 'the account to credit')
    .requiredOption('--credits <n>', 'how many credits (a whole number above 0)')
    .option('--table <name>', 'the DynamoDB table (else TABLE_NAME)')
    .option('--region <region>', "the table's region")
    .option('--endpoint <url>', "a DynamoDB endpoint other than AWS's")
    .option('--local', 'the local stack of --data-dir', false)
    .option('--data-dir <dir>', 'the local data folder (else ADGEN_DATA_DIR, else .adgen)');
  const parsed = parseScript<{
    account: string;
    credits: string;
    table?: string;
    region?: string;
    endpoint?: string;
    local: boolean;
    dataDir?: string;
  }>(command, argv);
  if (parsed.exit !== undefined) return parsed.exit;
  const values = parsed.options;
  let target: GrantTarget;
  if (values.local) {
    const dataDir = values.dataDir ?? process.env.ADGEN_DATA_DIR ?? '.adgen';
    const path = join(dataDir, 'local.json');
    let local: Partial<LocalJson>;
    try {
      local = JSON.parse(await readFile(path, 'utf8')) as Partial<LocalJson>;
    } catch {
      throw new GrantError(`Cannot read ${path}: start the local stack first (npm start).`);
    }
    if (!local.dynamodb) throw new GrantError(`${path} names no table: restart the local stack (npm start).`);
    // The emulator accepts any credentials; the SDK wants some to sign with.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    target = {
      tableName: values.table ?? local.dynamodb.tableName,
      region: values.region ?? local.dynamodb.region,
      endpoint: values.endpoint ?? local.dynamodb.endpoint,
    };
  } else {
    const tableName = values.table ?? process.env.TABLE_NAME;
    if (!tableName)
      throw new GrantError(
        `--table is required (the stack output TableName), or --local.\n${command.helpInformation()}`,
      );
    target = { tableName, region: values.region, endpoint: values.endpoint };
  }
  const credits = Number(values.credits);
  const balance = await grantCredits(target, values.account, credits);
  console.log(
    `Granted ${credits} credits to account ${values.account}: available ${balance.available}, reserved ${balance.reserved}, used ${balance.used} (granted in total ${balance.granted}).`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof GrantError ? error.message : error);
      process.exitCode = 1;
    },
  );
}
