import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The deployment's C2PA signer (ADR 0047, amendment): a Secrets Manager secret holding a private
 * key and its certificate chain. The stack creates it with a placeholder; the first worker that
 * signs writes a generated chain into it (PutSecretValue under a version id every worker derives
 * from the placeholder's, so only one chain is ever written). The key never appears in the
 * template, the environment or a log; only the worker reads or writes it.
 */
export class C2paSigner extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Chain', {
      description:
        'adgen: C2PA claim signer (private key and certificate chain); written by the worker on first use',
      // Not a signer: the worker sees a placeholder and provisions the chain in its place.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ provisioned: false }),
        generateStringKey: 'placeholder',
        passwordLength: 16,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The worker renews the chain itself 30 days before its certificate expires (a new version written under a version id derived from the old one); a rotation Lambda would only duplicate that. An operator may put a chain from a CA of their choice as a new version at any time.',
    });
  }

  /**
   * Lets a function read the signer and write it once (GetSecretValue and PutSecretValue on this
   * secret only), and tells it where the signer is.
   */
  grantSigning(fn: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        resources: [this.secret.secretArn],
      }),
    );
    fn.addEnvironment('C2PA_SIGNER_SECRET_ARN', this.secret.secretArn);
  }
}
