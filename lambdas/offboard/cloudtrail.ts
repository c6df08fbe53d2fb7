import { OFFBOARDING_EVENT_NAMES } from '#core/offboarding.ts';

/** Cognito masks some request fields in CloudTrail with this value. */
const HIDDEN = /^HIDDEN_DUE_TO_SECURITY_REASONS$|^HIDDEN_FOR_SECURITY_REASONS$/;

/** The parts of an "AWS API Call via CloudTrail" event's `detail` that offboarding reads. */
export type CloudTrailDetail = {
  eventSource?: string;
  eventName?: string;
  errorCode?: string;
  requestParameters?: { userPoolId?: unknown; username?: unknown } | null;
  additionalEventData?: { sub?: unknown } | null;
};

export type OffboardingTarget =
  | { kind: 'user'; eventName: string; userPoolId: string | undefined; sub?: string; username?: string }
  | { kind: 'ignore'; reason: string };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && !HIDDEN.test(value) ? value : undefined;

/**
 * Who a CloudTrail event of Cognito is about. The rule already matches the event names; failed
 * calls and other pools are ignored here. Cognito writes the user's `sub` in
 * `additionalEventData` where it can, and the username in the request unless masked; the
 * handler resolves whichever it gets.
 */
export function offboardingTarget(
  detail: CloudTrailDetail,
  userPoolId: string | undefined,
): OffboardingTarget {
  const eventName = detail.eventName ?? '';
  if (!(OFFBOARDING_EVENT_NAMES as readonly string[]).includes(eventName)) {
    return { kind: 'ignore', reason: `not an offboarding call (${eventName || 'no name'})` };
  }
  if (detail.errorCode) return { kind: 'ignore', reason: `the call failed (${detail.errorCode})` };
  const pool = text(detail.requestParameters?.userPoolId);
  if (pool && userPoolId && pool !== userPoolId) {
    return { kind: 'ignore', reason: 'another user pool' };
  }
  const sub = text(detail.additionalEventData?.sub);
  const username = text(detail.requestParameters?.username);
  if (!sub && !username) return { kind: 'ignore', reason: 'the event names no user' };
  return {
    kind: 'user',
    eventName,
    userPoolId: pool ?? userPoolId,
    ...(sub ? { sub } : {}),
    ...(username ? { username } : {}),
  };
}
