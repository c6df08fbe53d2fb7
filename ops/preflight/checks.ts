/**
 * The preflight's decisions: pure functions from what was found in the account to one line per
 * check, `ok` or `fix` (with what to do). A `fix` that would make the deploy fail, or every image
 * fail, is blocking: the preflight then exits non-zero. Everything here is unit-tested; the
 * probes that gather the facts are in `probe.ts`.
 */

export type CheckResult = {
  check: string;
  status: 'ok' | 'fix';
  /** A blocking `fix` makes the preflight exit non-zero. */
  blocking: boolean;
  message: string;
};

const ok = (check: string, message: string): CheckResult => ({
  check,
  status: 'ok',
  blocking: false,
  message,
});
const fix = (check: string, message: string, blocking: boolean): CheckResult => ({
  check,
  status: 'fix',
  blocking,
  message,
});

/** How a result is printed: `ok: <check>: ...` or `fix: <check>: ...` (`[blocking]` when it is). */
export function formatResult(r: CheckResult): string {
  return r.status === 'ok'
    ? `ok: ${r.check}: ${r.message}`
    : `fix: ${r.check}: ${r.blocking ? '[blocking] ' : ''}${r.message}`;
}

// ---- CDK bootstrap ---------------------------------------------------------------------------

export type BootstrapFact =
  | { found: false }
  | { found: true; stackName: string; stackStatus: string; version: number | undefined };

/** Stack states a deploy can build on (UPDATE_ROLLBACK_COMPLETE is the previous version, intact). */
const USABLE_STACK_STATUSES = new Set([
  'CREATE_COMPLETE',
  'UPDATE_COMPLETE',
  'UPDATE_ROLLBACK_COMPLETE',
  'IMPORT_COMPLETE',
  'IMPORT_ROLLBACK_COMPLETE',
]);

export function checkBootstrap(
  fact: BootstrapFact,
  need: { minVersion: number; region: string; account?: string },
): CheckResult {
  const command = `npx cdk bootstrap aws://${need.account ?? '<account id>'}/${need.region}`;
  if (!fact.found) {
    return fix(
      'bootstrap',
      `this account is not CDK-bootstrapped in ${need.region} (no CDKToolkit stack). Run: ${command}`,
      true,
    );
  }
  if (!USABLE_STACK_STATUSES.has(fact.stackStatus)) {
    return fix(
      'bootstrap',
      `${fact.stackName} in ${need.region} is ${fact.stackStatus}. Fix or delete it in the CloudFormation console, then run: ${command}`,
      true,
    );
  }
  if (fact.version === undefined || fact.version < need.minVersion) {
    return fix(
      'bootstrap',
      `${fact.stackName} in ${need.region} is version ${fact.version ?? 'unknown'}; these stacks need ${need.minVersion} or later. Run: ${command}`,
      true,
    );
  }
  return ok(
    'bootstrap',
    `${fact.stackName} version ${fact.version} in ${need.region} (needs ${need.minVersion}+)`,
  );
}

// ---- Bedrock models --------------------------------------------------------------------------

export type ModelRole = 'image' | 'text' | 'background-removal';

const MODEL_SETTING: Record<ModelRole, string> = {
  image: 'imageModelId',
  text: 'textModelId',
  'background-removal': 'backgroundRemovalModelId',
};

/** What the Bedrock control plane said about one configured model id. */
export type ModelFact =
  | { role: ModelRole; configuredId: string; provider: 'offline'; name: string }
  | {
      role: ModelRole;
      configuredId: string;
      provider: 'bedrock';
      /** The foundation model behind the id (the id itself, or the model of an inference profile). */
      modelId: string;
      /** The cross-region inference profile id, when the id is one. */
      profileId?: string | undefined;
      /** The profile's status (GetInferenceProfile), when there is a profile. */
      profile?: { found: false } | { found: true; status: string } | undefined;
      /** GetFoundationModel in the region. */
      model:
        | { found: false }
        | {
            found: true;
            name: string;
            providerName: string;
            lifecycle: string;
            endOfLife?: string | undefined;
          }
        | { found: 'error'; error: string };
      /** GetFoundationModelAvailability in the region. */
      availability?:
        | {
            region: string;
            authorization: string;
            entitlement: string;
            agreement: string;
            agreementError?: string | undefined;
          }
        | { error: string }
        | undefined;
    };

const CONSOLE_ACCESS = 'Bedrock console → Model access (which also subscribes to its AWS Marketplace offer)';

/** Exists in the region, Active, and usable by this account (access, Marketplace subscription, agreement). */
export function checkModel(fact: ModelFact, region: string): CheckResult[] {
  const check = `${fact.role} model`;
  const setting = MODEL_SETTING[fact.role];
  if (fact.provider === 'offline') return [ok(check, `${fact.name}: no Bedrock model needed`)];
  const id = fact.configuredId;
  if (fact.profileId && fact.profile && (!fact.profile.found || fact.profile.status !== 'ACTIVE')) {
    return [
      fix(
        check,
        `inference profile ${fact.profileId} is ${fact.profile.found ? fact.profile.status : 'not offered'} in ${region}. Use a profile listed by \`aws bedrock list-inference-profiles --region ${region}\`, or the model id itself: -c ${setting}=${fact.modelId}`,
        true,
      ),
    ];
  }
  if (fact.model.found === 'error') {
    return [fix(check, `could not read ${id} from Bedrock in ${region}: ${fact.model.error}`, true)];
  }
  if (!fact.model.found) {
    return [
      fix(
        check,
        `${fact.modelId} is not offered in ${region}. Deploy to a region that has it (aws bedrock list-foundation-models --region <region>), use a cross-region inference profile (-c ${setting}=us.${fact.modelId}), or pick another model with -c ${setting}=<id>`,
        true,
      ),
    ];
  }
  const results: CheckResult[] = [];
  const name = `${fact.model.providerName} ${fact.model.name}`.trim();
  const lifecycle = fact.model.lifecycle.toUpperCase();
  const endOfLife = fact.model.endOfLife
    ? `end of life on ${fact.model.endOfLife.slice(0, 10)}`
    : 'an end-of-life date';
  if (lifecycle === 'LEGACY') {
    results.push(
      fix(
        check,
        `${id} (${name}) is Legacy: it still works but has ${endOfLife}, and the model-not-active alarm fires at every cold start. Pick an Active model (aws bedrock list-foundation-models --by-output-modality ${fact.role === 'text' ? 'TEXT' : 'IMAGE'} --region ${region}) and deploy with -c ${setting}=<id>`,
        false,
      ),
    );
  } else if (lifecycle !== 'ACTIVE') {
    results.push(
      fix(
        check,
        `${id} (${name}) is ${lifecycle}${fact.model.endOfLife ? ` since ${fact.model.endOfLife.slice(0, 10)}` : ''}: calls to it fail. Pick an Active model and deploy with -c ${setting}=<id>`,
        true,
      ),
    );
  }
  const a = fact.availability;
  if (!a) {
    results.push(fix(check, `could not read the access to ${id}; check ${CONSOLE_ACCESS}`, false));
  } else if ('error' in a) {
    results.push(
      fix(check, `could not read the access to ${id} (${a.error}); check ${CONSOLE_ACCESS}`, false),
    );
  } else {
    const problems: string[] = [];
    if (a.region !== 'AVAILABLE') problems.push(`not available to this account in ${region}`);
    if (a.authorization !== 'AUTHORIZED') problems.push('not authorized (an IAM policy or SCP denies it)');
    if (a.entitlement !== 'AVAILABLE') problems.push('no model access or Marketplace subscription');
    if (a.agreement !== 'AVAILABLE')
      problems.push(
        `its offer agreement is ${a.agreement}${a.agreementError ? ` (${a.agreementError})` : ''}`,
      );
    if (problems.length > 0) {
      results.push(
        fix(
          check,
          `${id} (${name}): ${problems.join('; ')}. Request access in ${CONSOLE_ACCESS}, or: aws bedrock list-foundation-model-agreement-offers --model-id ${fact.modelId} --region ${region}, then aws bedrock create-foundation-model-agreement --model-id ${fact.modelId} --offer-token <token> --region ${region}`,
          true,
        ),
      );
    }
  }
  if (results.length === 0) {
    results.push(ok(check, `${id} (${name}): Active, offered in ${region}, access granted`));
  }
  return results;
}

// ---- Model quota vs worker concurrency -------------------------------------------------------

/**
 * Image model calls one worker can make in a minute. A worker handles its batch one message at
 * a time, one model call each; the fastest call docs/cost.md budgets for takes 5 s.
 */
export const IMAGE_CALLS_PER_WORKER_PER_MINUTE = 60 / 5;
/** SQS's smallest maximum concurrency for a Lambda event source. */
export const MIN_WORKER_CONCURRENCY = 2;

export type QuotaFact =
  | { found: true; quotaName: string; quotaCode: string; value: number }
  | { found: 'skipped' }
  | { found: false; looked: string }
  | { found: 'error'; error: string };

/** The most workers a requests-per-minute quota keeps out of throttling (never below SQS's 2). */
export function suggestedConcurrency(quotaPerMinute: number): number {
  return Math.max(MIN_WORKER_CONCURRENCY, Math.floor(quotaPerMinute / IMAGE_CALLS_PER_WORKER_PER_MINUTE));
}

export function checkImageQuota(
  fact: QuotaFact | undefined,
  workerMaxConcurrency: number,
  region: string,
): CheckResult {
  const check = 'image model quota';
  if (fact === undefined) return ok(check, 'offline renderer: no model quota');
  if (fact.found === 'skipped')
    return fix(check, 'not checked: the image model above must be found first', false);
  if (fact.found === 'error') {
    return fix(
      check,
      `could not read Service Quotas (${fact.error}); check Service Quotas → Amazon Bedrock by hand`,
      false,
    );
  }
  if (!fact.found) {
    return fix(
      check,
      `no quota "${fact.looked}" in Service Quotas for ${region}; check Service Quotas → Amazon Bedrock for the model's requests per minute before a large batch`,
      false,
    );
  }
  const demand = workerMaxConcurrency * IMAGE_CALLS_PER_WORKER_PER_MINUTE;
  const suggested = suggestedConcurrency(fact.value);
  const increase = `aws service-quotas request-service-quota-increase --service-code bedrock --quota-code ${fact.quotaCode} --desired-value ${demand} --region ${region}`;
  if (fact.value < MIN_WORKER_CONCURRENCY * IMAGE_CALLS_PER_WORKER_PER_MINUTE) {
    return fix(
      check,
      `"${fact.quotaName}" is ${fact.value} per minute, below what even ${MIN_WORKER_CONCURRENCY} workers (the least SQS allows) can ask for (${MIN_WORKER_CONCURRENCY * IMAGE_CALLS_PER_WORKER_PER_MINUTE}): images will be throttled and retried. Request an increase: ${increase}`,
      false,
    );
  }
  if (demand > fact.value) {
    return fix(
      check,
      `"${fact.quotaName}" is ${fact.value} per minute; workerMaxConcurrency ${workerMaxConcurrency} can make up to ${demand}. Deploy with -c workerMaxConcurrency=${suggested} (suggested), or request an increase: ${increase}`,
      false,
    );
  }
  return ok(
    check,
    `"${fact.quotaName}" is ${fact.value} per minute; workerMaxConcurrency ${workerMaxConcurrency} makes at most ${demand} (up to ${suggested} workers would fit)`,
  );
}

// ---- CloudTrail for the Cognito offboarding rule --------------------------------------------

export type TrailFact = {
  name: string;
  homeRegion: string;
  multiRegion: boolean;
  logging: boolean;
  /** Management events with writes (ReadWriteType All/WriteOnly, or an advanced selector for them). */
  managementWrites: boolean;
};

/**
 * EventBridge sees Cognito's AdminDisableUser, AdminDeleteUser and DeleteUser only as "AWS API
 * Call via CloudTrail" events, which exist only while a trail logs write management events in
 * the region. Without one, a rule on them never fires.
 */
export function checkCloudTrail(
  rules: string[],
  trails: TrailFact[] | { error: string },
  region: string,
): CheckResult {
  const check = 'cloudtrail';
  if (rules.length === 0) return ok(check, 'no rule of this stage reads CloudTrail events');
  const what = `rule ${rules.join(', ')} (Cognito offboarding) needs CloudTrail management events in ${region}`;
  const create = `aws cloudtrail create-trail --name adgen-management --s3-bucket-name <log bucket> --is-multi-region-trail && aws cloudtrail start-logging --name adgen-management`;
  if ('error' in trails) return fix(check, `${what}; could not list trails (${trails.error})`, true);
  const covering = trails.filter((t) => t.multiRegion || t.homeRegion === region);
  const good = covering.find((t) => t.logging && t.managementWrites);
  if (good)
    return ok(
      check,
      `trail ${good.name} logs write management events in ${region}, which ${rules.join(', ')} reads`,
    );
  const stopped = covering.find((t) => !t.logging);
  if (stopped) {
    return fix(
      check,
      `${what}, and trail ${stopped.name} is not logging. Run: aws cloudtrail start-logging --name ${stopped.name}`,
      true,
    );
  }
  const noWrites = covering.find((t) => !t.managementWrites);
  if (noWrites) {
    return fix(
      check,
      `${what}, and trail ${noWrites.name} does not record write management events. Run: aws cloudtrail put-event-selectors --trail-name ${noWrites.name} --event-selectors '[{"ReadWriteType":"All","IncludeManagementEvents":true}]'`,
      true,
    );
  }
  return fix(
    check,
    `${what}, and no trail covers it: disabled users would keep their API keys. Create one: ${create}`,
    true,
  );
}

// ---- Alarm e-mail ----------------------------------------------------------------------------

export function checkAlarmEmail(alarmEmail: string | undefined, stage: string): CheckResult {
  if (alarmEmail) {
    return ok(
      'alarm email',
      `alarms mail ${alarmEmail} (confirm the subscription SNS sends after the deploy)`,
    );
  }
  return fix(
    'alarm email',
    `no alarmEmail: the alarms notify an SNS topic nobody reads. Deploy with -c alarmEmail=ops@your-agency.example (or subscribe to the AlarmTopicArn output later; stage ${stage})`,
    false,
  );
}

/** Exit code: 1 when any check is a blocking fix, else 0. */
export function exitCodeOf(results: CheckResult[]): number {
  return results.some((r) => r.status === 'fix' && r.blocking) ? 1 : 0;
}
