/**
 * Stage names and the stack names they give, without CDK imports, so the CLI and the operator
 * scripts (create-admin, preflight) can find a stage's stacks cheaply.
 */

/** The stage whose stacks keep the names of the releases before stages existed (docs/decisions/0019). */
export const LEGACY_STAGE = 'prod';

/** 2-12 lowercase letters or digits, beginning with a letter (a stack name must). */
export const STAGE_PATTERN = /^[a-z][a-z0-9]{1,11}$/;

/**
 * The stack names of a stage. `prod` keeps the names every release before stages used, so an
 * existing deployment upgrades in place: CloudFormation cannot rename a stack, and a new name
 * would make a second, empty table, bucket and user pool beside the retained ones
 * (docs/decisions/0019). Every other stage is prefixed: `<stage>-AdgenStateful`.
 */
export function stackNames(stage: string): { stateful: string; stateless: string } {
  const prefix = stage === LEGACY_STAGE ? '' : `${stage}-`;
  return { stateful: `${prefix}AdgenStateful`, stateless: `${prefix}AdgenStateless` };
}
