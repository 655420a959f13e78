import { runSimulation, runUnsafeSimulation } from '@cloud-copilot/iam-simulate';
import { type Credentials, people, principalCredentials } from './credentials';
import { SignatureError, type SignedRequest, SigV4Verifier } from './sigv4';
import type { PolicyDocument, StageIam } from './stage-iam';

/**
 * Someone who signs requests to the local cloud's AWS endpoints: `admin` (the account's root: the
 * local cloud's own set-up and the tests' direct reads), a function (by its purpose tag, with its
 * role's policies) or a person in one of the stage's IAM groups (`finance`, `ops`: ops' scripts).
 */
export interface Principal {
  name: string;
  /** What AWS names the caller in an AccessDenied message. */
  arn: string;
  /** undefined for admin, who is allowed everything. */
  policies?: PolicyDocument[];
  credentials: Credentials;
}

/** One thing a request asks IAM for: an action on a resource, with the request's condition keys. */
export interface IamRequest {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
}

/** A request IAM refused, as the local cloud logs it (tests fail on any they did not expect). */
export interface AccessDenial extends IamRequest {
  principal: string;
  principalArn: string;
  message: string;
}

/** AWS's refusal of an action: its error type is AccessDeniedException, its message AWS's own words. */
export class AccessDeniedError extends Error {
  override name = 'AccessDeniedException';
  constructor(readonly denial: AccessDenial) {
    super(denial.message);
  }
}

/**
 * Every request refused in this process, by any local cloud, not yet taken: the tests fail on any
 * they did not provoke (test/support/iam.ts), so a permission missing from a role is found by the
 * first test that needs it, even where the product only logs the failure (an email).
 */
const refused: AccessDenial[] = [];

/** The refusals kept since the last call, which are then forgotten. */
export function takeAccessDenials(): AccessDenial[] {
  return refused.splice(0);
}

/**
 * IAM for the local cloud: every principal of the synthesized stage with its credentials and
 * policies, the signature check of every request to a local AWS endpoint, and the decision on what
 * it asks, made by a kept IAM policy evaluator (@cloud-copilot/iam-simulate, a development
 * dependency of the local cloud only: AGPL, never in a function's bundle) on the very policies CDK
 * synthesizes for the stage (stage-iam.ts). Every refusal is kept ({@link takeAccessDenials}).
 */
export class LocalIam {
  private readonly principals = new Map<string, Principal>();
  private readonly byAccessKey = new Map<string, Principal>();
  private readonly decisions = new Map<string, boolean>();
  private readonly conditionKeys = new Map<string, string[]>();

  constructor(
    rootSecret: string,
    readonly stage: StageIam,
    readonly names: { region: string; accountId: string; stackName: string },
  ) {
    const account = names.accountId;
    const add = (principal: Omit<Principal, 'credentials'>) => {
      const full = { ...principal, credentials: principalCredentials(rootSecret, principal.name) };
      this.principals.set(full.name, full);
      this.byAccessKey.set(full.credentials.accessKeyId, full);
    };
    add({ name: 'admin', arn: `arn:aws:iam::${account}:root` });
    for (const fn of Object.values(stage.functions)) {
      const roleName = fn.roleArn.split('/').pop();
      add({
        name: fn.purpose,
        arn: `arn:aws:sts::${account}:assumed-role/${roleName}/${fn.functionName}`,
        policies: fn.policies,
      });
    }
    for (const person of people) {
      const group = `${names.stackName}-${person}`;
      const policies = stage.groups[group];
      if (!policies) throw new Error(`The stage has no IAM group ${group}`);
      add({ name: person, arn: `arn:aws:iam::${account}:user/local-${person}`, policies });
    }
  }

  /** The principal of that name (a purpose tag, `finance`, `ops` or `admin`). */
  principal(name: string): Principal {
    const principal = this.principals.get(name);
    if (!principal) throw new Error(`No principal ${name} in the local stage`);
    return principal;
  }

  /** The secret of an access key this cloud gave out (undefined for any other): what a presigned request or POST is checked with. */
  readonly secretOf = (accessKeyId: string): string | undefined => this.byAccessKey.get(accessKeyId)?.credentials.secretAccessKey;

  /** Who holds an access key {@link secretOf} knows. */
  holderOf(accessKeyId: string): Principal {
    const principal = this.byAccessKey.get(accessKeyId);
    if (!principal) throw new Error(`No principal holds ${accessKeyId}`);
    return principal;
  }

  /**
   * Checks a request's SigV4 signature for `service` and answers who signed it; throws the
   * {@link SignatureError} AWS answers an unsigned, unknown or badly signed request with.
   */
  async authenticate(request: SignedRequest, service: string): Promise<Principal> {
    const verifier = new SigV4Verifier((id) => this.byAccessKey.get(id)?.credentials.secretAccessKey, this.names.region, service);
    const accessKeyId = await verifier.verify(request);
    return this.byAccessKey.get(accessKeyId) as Principal;
  }

  /** Throws {@link AccessDeniedError} (and keeps the denial) for the first request `principal` may not make. */
  async authorize(principal: Principal, requests: readonly IamRequest[]): Promise<void> {
    for (const request of requests) {
      if (await this.allows(principal, request)) continue;
      const denial: AccessDenial = {
        ...request,
        principal: principal.name,
        principalArn: principal.arn,
        message: `User: ${principal.arn} is not authorized to perform: ${request.action} on resource: ${request.resource} because no identity-based policy allows the ${request.action} action`,
      };
      refused.push(denial);
      throw new AccessDeniedError(denial);
    }
  }

  /**
   * Whether `principal`'s policies allow `request`, without refusing anything: for a service that
   * answers differently by what the caller may do (S3 says 403, not 404, for a missing key to a
   * caller without s3:ListBucket).
   */
  permits(principal: Principal, request: IamRequest): Promise<boolean> {
    return this.allows(principal, request);
  }

  private async allows(principal: Principal, request: IamRequest): Promise<boolean> {
    if (!principal.policies) return true;
    // Only the condition keys its policies test can change the answer: the rest stay out of the key.
    const keys = this.conditionKeysOf(principal);
    const context = Object.fromEntries(Object.entries(request.context ?? {}).filter(([k]) => keys.includes(k.toLowerCase())));
    const key = JSON.stringify([principal.name, request.action, request.resource, context]);
    let allowed = this.decisions.get(key);
    if (allowed === undefined) {
      allowed = await this.evaluate(principal, request.action, request.resource, context);
      this.decisions.set(key, allowed);
    }
    return allowed;
  }

  private async evaluate(
    principal: Principal,
    action: string,
    resource: string,
    context: Record<string, string | string[]>,
  ): Promise<boolean> {
    const simulation = {
      request: {
        principal: principal.arn,
        action,
        resource: { resource, accountId: this.names.accountId },
        contextVariables: context,
      },
      identityPolicies: (principal.policies ?? []).map((policy, i) => ({ name: `policy${i}`, policy })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
    };
    let outcome: string | undefined;
    const result = await runSimulation(simulation, {});
    if (result.resultType === 'error') {
      // The service authorization reference lists no resource for states:SendTask*, so the evaluator
      // insists on "*"; AWS in fact authorizes them on the execution's state machine (aws-cdk#8486,
      // and its AccessDenied messages name the state machine), as CDK's grantTaskResponse grants.
      if (!/must\.use\.wildcard/.test(result.errors.message)) throw new Error(`IAM evaluation failed: ${result.errors.message}`);
      outcome = runUnsafeSimulation(simulation, {});
    } else outcome = result.overallResult;
    return outcome === 'Allowed';
  }

  private conditionKeysOf(principal: Principal): string[] {
    let keys = this.conditionKeys.get(principal.name);
    if (!keys) {
      const found = new Set<string>();
      for (const policy of principal.policies ?? [])
        for (const statement of [policy.Statement].flat())
          for (const operator of Object.values<Record<string, unknown>>(statement?.Condition ?? {}))
            for (const name of Object.keys(operator)) found.add(name.toLowerCase());
      keys = [...found];
      this.conditionKeys.set(principal.name, keys);
    }
    return keys;
  }
}

export type { Credentials, Person } from './credentials';
export { SignatureError };
