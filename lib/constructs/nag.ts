import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Flattens a resolved CloudFormation expression the way cdk-nag does in finding ids. */
function flatten(node: unknown): string {
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (node && typeof node === 'object') {
    const expr = node as Record<string, unknown>;
    if (Array.isArray(expr['Fn::Join'])) {
      const [delimiter, items] = expr['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (Array.isArray(expr['Fn::GetAtt'])) {
      const [resource, attribute] = expr['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if ('Fn::ImportValue' in expr) return flatten(expr['Fn::ImportValue']);
    if ('Ref' in expr) return `<${flatten(expr.Ref)}>`;
  }
  return JSON.stringify(node);
}

/**
 * How cdk-nag spells `value` (an attribute of `owner`, such as a table's ARN) in the finding
 * ids of `consumer`'s resources: `<LogicalId.Arn>` within one stack, the export name when the
 * value is imported from another stack. Lets an acknowledgement name the one finding it means
 * (`AwsSolutions-IAM5[Resource::<that>/index/*]`) without copying generated names into code.
 */
export function nagReference(consumer: Stack, owner: IConstruct, value: string): string {
  const producer = Stack.of(owner);
  if (producer === consumer) return flatten(consumer.resolve(value));
  // The same export CDK creates for the cross-stack reference itself (exportValue is idempotent).
  return flatten(producer.resolve(producer.exportValue(value)));
}
