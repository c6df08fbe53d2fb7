import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The review links' signing key (ADR 0040): a Secrets Manager secret the stack generates. Only
 * the router reads it (GetSecretValue on this secret), once per container; it never appears in
 * the template, the environment or a log.
 */
export class ReviewLinks extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'SigningKey', {
      description: 'adgen: HMAC key that signs client review links',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the key ends every review link at once (their tokens are signed with it); an operator rotates it on purpose (secretsmanager rotate-secret or a new value), which is the same as revoking all links. Links live at most 30 days.',
    });
  }

  /** Lets a function read the key, and tells it where the key is. */
  grantRead(fn: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    this.secret.grantRead(fn);
    fn.addEnvironment('REVIEW_LINK_SECRET_ARN', this.secret.secretArn);
  }
}
