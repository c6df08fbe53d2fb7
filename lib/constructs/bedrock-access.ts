import { Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IRole } from 'aws-cdk-lib/aws-iam';
import { parseModelId } from '../settings.ts';

/** `arn:<partition>:bedrock:<region>::foundation-model/<id>` in the stack's region (or `*`). */
export function foundationModelArn(stack: Stack, modelId: string, region: string = stack.region): string {
  return stack.formatArn({
    service: 'bedrock',
    region,
    account: '',
    resource: 'foundation-model',
    resourceName: modelId,
  });
}

export interface GrantModelOptions {
  /** Also allow `bedrock:GetFoundationModel`, to read the model's lifecycle status. @default false */
  readonly readLifecycle?: boolean;
}

/**
 * Lets `role` call `bedrock:InvokeModel` (InvokeModel and Converse) on one model and nothing
 * else.
 *
 * - A foundation model id (`stability.sd3-5-large-v1:0`) gets its ARN in the stack's region.
 * - A cross-region inference profile id (`us.amazon.nova-pro-v1:0`) gets the profile's ARN,
 *   plus the foundation model in every region, but only when the call comes through that
 *   profile (`bedrock:InferenceProfileArn` condition): the profile picks the region, so the
 *   region cannot be named in advance.
 */
export function grantBedrockModel(role: IRole, modelId: string, options: GrantModelOptions = {}): void {
  const stack = Stack.of(role);
  const model = parseModelId(modelId);
  if (model.kind === 'foundation-model') {
    Grant.addToPrincipal({
      grantee: role,
      actions: ['bedrock:InvokeModel'],
      resourceArns: [foundationModelArn(stack, model.modelId)],
    });
  } else {
    const profileArn = stack.formatArn({
      service: 'bedrock',
      resource: 'inference-profile',
      resourceName: model.profileId,
    });
    Grant.addToPrincipal({ grantee: role, actions: ['bedrock:InvokeModel'], resourceArns: [profileArn] });
    Grant.addToPrincipal({
      grantee: role,
      actions: ['bedrock:InvokeModel'],
      resourceArns: [foundationModelArn(stack, model.modelId, '*')],
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
    });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model.modelId}]`,
      reason: `The inference profile ${model.profileId} routes each call to a region it chooses; the statement names one model and is conditioned on bedrock:InferenceProfileArn of that profile.`,
    });
  }
  if (options.readLifecycle) {
    Grant.addToPrincipal({
      grantee: role,
      actions: ['bedrock:GetFoundationModel'],
      resourceArns: [foundationModelArn(stack, model.modelId)],
    });
  }
}
