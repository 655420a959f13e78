import { Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
// cdk-nag does not export its flattener; importing it keeps our finding ids byte-identical to its own.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/** Acknowledges cdk-nag AwsSolutions rules on one construct (and its children), each with its reason. */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  Validations.of(scope).acknowledge(...Object.entries(rules).map(([rule, reason]) => ({ id: `AwsSolutions-${rule}`, reason })));
}

/**
 * Acknowledges one wildcard resource of AwsSolutions-IAM5 on `scope`. cdk-nag 3 matches the exact
 * finding id (`AwsSolutions-IAM5[Resource::<flattened arn>]`), so only that resource is accepted;
 * any other wildcard added later still fails.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: wildcardResourceFinding(scope, resource), reason });
}

/** The id cdk-nag gives the AwsSolutions-IAM5 finding of `resource` (an ARN, tokens allowed). */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

/** A family of findings accepted on a construct we do not write ourselves, and why. */
export interface AcceptedFinding {
  /** The full finding id (e.g. `AwsSolutions-IAM5[Action::s3:GetObject*]`), or a pattern for it. */
  readonly finding: string | RegExp;
  readonly reason: string;
}

/**
 * For constructs CDK generates (their finding ids embed asset bucket names, partitions and
 * logical ids we do not control): runs the AwsSolutions checks on `scope` now and acknowledges
 * each finding matching one of `accepted`. Findings matching no pattern stay errors. Call it once
 * the construct is complete.
 */
export function acknowledgeMatchingFindings(scope: IConstruct, accepted: readonly AcceptedFinding[]): void {
  for (const violation of new AwsSolutionsChecks().validateScope(scope).violations) {
    const id = violation.ruleName;
    const match = accepted.find((a) => (typeof a.finding === 'string' ? a.finding === id : a.finding.test(id)));
    if (match) Validations.of(scope).acknowledge({ id, reason: match.reason });
  }
}
