import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface UserDirectoryProps {
  /**
   * Whether people may sign themselves up. Agencies invite their users
   * (`aws cognito-idp admin-create-user`), so this stays off unless a deployment wants it.
   * @default false
   */
  readonly selfSignUpEnabled?: boolean;
  /**
   * Cognito threat protection (setting `cognitoThreatProtection`): `audit` or `enforced` put the
   * pool on the Plus feature plan, billed per monthly active user above Essentials.
   * @default 'off'
   */
  readonly threatProtection?: 'off' | 'audit' | 'enforced';
}

/**
 * The Cognito user pool whose access tokens authorize the key actions (create, list and revoke
 * API keys), and the app client that scripts and a console log in with.
 *
 * Email sign-in, passwords of at least 12 characters with every character class, recovery by
 * email only, optional TOTP MFA (never SMS), deletion protection, retained.
 */
export class UserDirectory extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: UserDirectoryProps = {}) {
    super(scope, id);
    const protection = props.threatProtection ?? 'off';
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: props.selfSignUpEnabled ?? false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      userInvitation: {
        emailSubject: 'Your adgen sign-in',
        emailBody:
          'Your adgen username is {username} and your temporary password is {####}. Sign in within 3 days to choose your own password.',
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      ...(protection === 'off'
        ? { featurePlan: FeaturePlan.ESSENTIALS }
        : {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode:
              protection === 'enforced'
                ? StandardThreatProtectionMode.FULL_FUNCTION
                : StandardThreatProtectionMode.AUDIT_ONLY,
          }),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('ApiClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      // No hosted UI and no OAuth flows: clients call InitiateAuth and send the access token.
      disableOAuth: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP): users are invited agency staff, the pool only guards API-key management, and requiring MFA would break the scripted USER_PASSWORD_AUTH login the README documents. Deployments can switch to Mfa.REQUIRED.',
    });
    if (protection === 'off') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials plan by the setting cognitoThreatProtection=off: the Plus plan (threat protection) is billed per monthly active user and is for the operator to choose; the pool has no self sign-up, strong passwords, optional TOTP and only guards API-key management.',
      });
    }
  }
}
