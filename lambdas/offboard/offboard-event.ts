import type { Logger } from '@aws-lambda-powertools/logger';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { subOfUser } from '#core/auth/cognito-user.ts';
import type { Deps } from '#core/deps.ts';
import { type OffboardReport, offboardAccountOwner } from '#core/offboarding.ts';
import { type CloudTrailDetail, offboardingTarget } from './cloudtrail.ts';

export type OffboardingOutcome = OffboardReport | { ignored: string };

/**
 * One EventBridge event of Cognito (AdminDisableUser, AdminDeleteUser, DeleteUser through
 * CloudTrail): finds the user's `sub` and offboards the account it owns. A user it cannot name
 * (deleted, and the event carries only a masked or alias username) is logged as an error that
 * says how to finish by hand; retrying would not help, so it does not throw for that.
 */
export function createOffboardingHandler(
  deps: Deps,
  cognito: CognitoIdentityProviderClient,
  log: Logger,
  options: { settleMs?: number } = {},
) {
  return async (event: { detail?: CloudTrailDetail }): Promise<OffboardingOutcome> => {
    const target = offboardingTarget(event.detail ?? {}, deps.config.userPoolId);
    if (target.kind === 'ignore') {
      log.info('offboarding event ignored', { reason: target.reason });
      return { ignored: target.reason };
    }
    let sub = target.sub;
    if (!sub && target.username && target.userPoolId) {
      sub = await subOfUser(cognito, target.userPoolId, target.username);
    }
    if (!sub) {
      log.error('offboarding: user not found', {
        eventName: target.eventName,
        action: 'run npm run offboard-user -- --user <sub> --stage <stage>',
      });
      return { ignored: 'user not found' };
    }
    const report = await offboardAccountOwner(deps, sub, options);
    log.info('offboarded account owner', {
      eventName: target.eventName,
      accountId: report.accountId,
      revokedKeys: report.revokedKeyIds.length,
      disabledEndpoints: report.disabledEndpoints,
      creditsReleased: report.creditsReleased,
      wasInactive: report.wasInactive,
    });
    return report;
  };
}
