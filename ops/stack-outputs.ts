import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { STAGE_PATTERN, stackNames } from '#lib/stages.ts';

/** What an operator tool needs of a deployed stage: the outputs of its stateless stack. */
export type StageOutputs = {
  stage: string;
  stackName: string;
  region: string;
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Every output of the stack, by key (BucketName, TableName, QueueUrl, ...). */
  all: Record<string, string>;
};

export class StageLookupError extends Error {
  override name = 'StageLookupError';
}

/** AWS SDK client options every operator tool takes: `--region` and `--profile`. */
export type AwsTarget = { region?: string | undefined; profile?: string | undefined };

/** The SDK's own config (`profile`, `region`), dropping what was not given so its defaults apply. */
export function clientConfig(target: AwsTarget): { region?: string; profile?: string } {
  return {
    ...(target.region ? { region: target.region } : {}),
    ...(target.profile ? { profile: target.profile } : {}),
  };
}

export function checkStage(stage: string): string {
  if (!STAGE_PATTERN.test(stage)) {
    throw new StageLookupError(
      `--stage must be 2-12 lowercase letters or digits, beginning with a letter (got '${stage}').`,
    );
  }
  return stage;
}

/**
 * Reads a stage's ids from CloudFormation (DescribeStacks on its stateless stack), so nobody
 * copies a pool id by hand. The endpoint is the SDK's: `AWS_ENDPOINT_URL_CLOUDFORMATION` points
 * it elsewhere (the tests use a local stand-in), exactly as for any other AWS tool.
 */
export async function readStageOutputs(stage: string, target: AwsTarget = {}): Promise<StageOutputs> {
  const stackName = stackNames(checkStage(stage)).stateless;
  const cfn = new CloudFormationClient(clientConfig(target));
  try {
    const region = await cfn.config.region();
    const answer = await cfn
      .send(new DescribeStacksCommand({ StackName: stackName }))
      .catch((error: Error) => {
        if (/does not exist/i.test(error.message)) {
          throw new StageLookupError(
            `No stack ${stackName} in ${region}: deploy stage ${stage} first (npx cdk deploy --all -c stage=${stage}), or pass the --region (and --profile) it is in.`,
          );
        }
        throw new StageLookupError(`Could not read stack ${stackName} in ${region}: ${error.message}`);
      });
    const stack = answer.Stacks?.[0];
    const all = Object.fromEntries(
      (stack?.Outputs ?? []).flatMap((o) =>
        o.OutputKey && o.OutputValue ? [[o.OutputKey, o.OutputValue]] : [],
      ),
    );
    const need = (key: string) => {
      const value = all[key];
      if (!value) {
        throw new StageLookupError(
          `Stack ${stackName} has no output ${key} (status ${stack?.StackStatus ?? 'unknown'}): is its deploy complete?`,
        );
      }
      return value;
    };
    return {
      stage,
      stackName,
      region,
      apiUrl: need('ApiUrl'),
      userPoolId: need('UserPoolId'),
      userPoolClientId: need('UserPoolClientId'),
      all,
    };
  } finally {
    cfn.destroy();
  }
}
