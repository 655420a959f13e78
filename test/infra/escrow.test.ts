import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { envNames, functionEnvironment } from '../../lambdas/core/adapters/env';
import { type SecretName, secretSources } from '../../lambdas/core/adapters/secrets';
import { webConfigSchema } from '../../lambdas/core/api/web-config';
import { currencyCodes, escrowCurrencies } from '../../lambdas/core/domain/money';
import { tableDefinition } from '../../lambdas/core/entities/table-definition';
import { realtimeAuthorizer } from '../../lambdas/realtime';
import { grantsOf, handlerEntry, type RouteDefinition, routes } from '../../lambdas/routes';
import { scheduleEntry, schedules } from '../../lambdas/schedules';
import { escrowDefinitionPath, taskSubstitution, tasks } from '../../lambdas/tasks';
import { triggerEntries } from '../../lambdas/triggers';
import { EscrowApi } from '../../lib/api';
import { createEscrowApp } from '../../lib/app';
import { EscrowAuth } from '../../lib/auth';
import { esbuildOptions } from '../../lib/bundling';
import { contentSecurityPolicy, eventsSources, realtimeEndpointOf } from '../../lib/content-security-policy';
import { EscrowData } from '../../lib/data';
import { FUNCTION_TAG } from '../../lib/function';
import { flattenedTemplate } from '../../lib/local/iam/cloudformation';
import { EscrowRealtime } from '../../lib/realtime';
import { EscrowSecrets } from '../../lib/secrets';
import { loadStageConfig, reservedConcurrencyOf, type StageConfig, StageSettingsError } from '../../lib/stage-config';
import { userPoolSettings } from '../../lib/user-pool-settings';
import { staticPages } from '../../web/src/config/paths';
import { requestHeaders } from '../../web/src/lib/api';

/** The context `cdk synth` gets from cdk.json, so the tests build what the CLI builds. */
const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;

// biome-ignore lint/suspicious/noExplicitAny: synthesized CloudFormation JSON, navigated by shape in assertions
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

/** A built web app, as `npm run build` leaves it (a hashed chunk, the app shell and pre-rendered pages). */
const webDist = mkdtempSync(join(tmpdir(), 'escrow-dist-'));
mkdirSync(join(webDist, 'assets'));
for (const page of ['app.html', 'index.html', 'pricing.html'])
  writeFileSync(join(webDist, page), '<!doctype html><script type="module" src="/assets/index-3f2a9c.js"></script>');
writeFileSync(join(webDist, 'assets', 'index-3f2a9c.js'), 'console.log("app")');

/** What a real deploy of a stage must be told (lib/stage-config.ts); prod also its account. */
const deploySettings = {
  mailDomain: 'mail.middleman.ng',
  captchaSiteKey: '6LcStageSiteKey0000000000000000000000000',
  flutterwavePublicKey: 'FLWPUBK_TEST-0f1e2d3c4b5a69788796a5b4c3d2e1f0-X',
  webDist,
};
// Prod takes live keys only (its test-mode keys are refused below).
const prodSettings = {
  ...deploySettings,
  stage: 'prod',
  account: '123456789012',
  flutterwavePublicKey: 'FLWPUBK-0f1e2d3c4b5a69788796a5b4c3d2e1f0-X',
};

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON
type Json = any;

/**
 * The stage stack with its nested stacks folded back in (lib/local/iam/cloudformation.ts, which the
 * local cloud reads its roles from too): the assertions read one graph, as CloudFormation deploys it.
 */
const flattened = (stack: Stack) => Template.fromJSON(flattenedTemplate(stack));

type Synthesized = { app: App; stack: Stack; mail: Stack; template: Template };
const synthesized = new Map<string, Synthesized>();

/**
 * The stage CDK synthesizes from `context` (over cdk.json's and the deploy settings), made once per
 * run for each distinct context and shared by every test that reads it: a synth takes seconds, and
 * the tests only read the app, its stacks and their templates. A context that fails to synthesize
 * is never cached, so each test that expects a refusal gets its own.
 */
function synth(context: Record<string, unknown>): Synthesized {
  const full = { ...cdkContext, ...deploySettings, ...context };
  const key = JSON.stringify(Object.entries(full).sort(([a], [b]) => a.localeCompare(b)));
  let made = synthesized.get(key);
  if (!made) {
    const { app, stack, mail } = createEscrowApp({ context: full });
    made = { app, stack, mail, template: flattened(stack) };
    synthesized.set(key, made);
  }
  return made;
}

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type) as Record<string, Resource>);
}

function tagOf(fn: Resource): string | undefined {
  return (fn.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find((t) => t.Key === FUNCTION_TAG)?.Value;
}

/** The one function tagged `purpose`, failing when there are none or several. */
function functionTagged(template: Template, purpose: string): [string, Resource] {
  const found = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn) === purpose);
  expect(found, `functions tagged ${purpose}`).toHaveLength(1);
  return found[0] as [string, Resource];
}

/**
 * The `AWS::Lambda::Version` resource an ARN refers to (`{ Ref: <version> }` is a version's ARN), or
 * undefined when it names anything else: the bare function (`Fn::GetAtt [fn, Arn]`), $LATEST, an alias.
 */
function versionOf(template: Template, arn: Json): Resource | undefined {
  const id = typeof arn === 'object' && arn !== null && Object.keys(arn).length === 1 ? arn.Ref : undefined;
  const found = resources(template, 'AWS::Lambda::Version').find(([versionId]) => versionId === id);
  return found?.[1];
}

/** Every statement of every policy attached to the function's role. */
function statementsOf(template: Template, fn: Resource): Statement[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());

/**
 * Each route function's policies hold exactly what its entry lists (plus, on a protected route,
 * what the session check needs: `grantsOf`), and no wildcard action.
 */
function expectLeastPrivilege(template: Template, table: readonly RouteDefinition[]): void {
  const [[poolId]] = resources(template, 'AWS::Cognito::UserPool') as [[string, Resource]];
  for (const entry of table) {
    const route = { ...entry, permissions: grantsOf(entry) };
    const [, fn] = functionTagged(template, `route:${route.name}`);
    const statements = statementsOf(template, fn);
    const actions = actionsOf(statements);
    const access = route.permissions.table ?? 'none';

    expect(
      actions.filter((a) => a.includes('*')),
      route.name,
    ).toEqual([]);
    expect(actions.includes('dynamodb:Query'), `${route.name} reads the table`).toBe(access !== 'none');
    expect(actions.includes('dynamodb:PutItem'), `${route.name} writes the table`).toBe(access === 'readWrite');
    expect(actions.includes('dynamodb:Scan'), `${route.name} scans`).toBe(false);
    expect(actions.includes('ses:SendEmail'), `${route.name} sends email`).toBe(route.permissions.sendEmail === true);

    const cognito = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')));
    expect(actionsOf(cognito).sort()).toEqual([...(route.permissions.userPoolActions ?? [])].sort());
    for (const s of cognito) expect(s.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(workflowActionsOf(statements), `${route.name} and the state machine`).toEqual(
      listedWorkflowActions(route.permissions.workflow),
    );
    // Beyond its entry: a route that writes the table may write a notification, which it then
    // publishes to its person's channel (lambdas/core/entities/table.ts), so table writes bring
    // appsync:EventPublish on the notifications namespace, and nothing else of AppSync.
    expectPublishOnlyIf(template, statements, access === 'readWrite', route.name);
  }
}

/** The stage's one AppSync Events API (its logical id). */
function eventApiOf(template: Template): string {
  const apis = resources(template, 'AWS::AppSync::Api');
  expect(apis).toHaveLength(1);
  return (apis[0] as [string, Resource])[0];
}

/** An ARN built with Fn::Join, its references written `<Logical.Attribute>` / `<Ref>`. */
function arnText(arn: Json): string {
  const parts: Json[] = typeof arn === 'string' ? [arn] : arn['Fn::Join'][1];
  return parts
    .map((part) => (typeof part === 'string' ? part : part.Ref ? `<${part.Ref}>` : `<${[part['Fn::GetAtt']].flat().join('.')}>`))
    .join('');
}

/**
 * A function's AppSync permissions: appsync:EventPublish on the stage's notifications namespace
 * when it writes the table, nothing at all otherwise.
 */
function expectPublishOnlyIf(template: Template, statements: Statement[], writes: boolean, name: string): void {
  const appsync = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('appsync:')));
  expect(actionsOf(appsync), `${name} publishes realtime events`).toEqual(writes ? ['appsync:EventPublish'] : []);
  const namespace = new RegExp(
    `^arn:aws:appsync:eu-west-1:<AWS::AccountId>:apis/<${eventApiOf(template)}.ApiId>/channelNamespace/notifications$`,
  );
  for (const s of appsync) expect(arnText(s.Resource), name).toMatch(namespace);
}

/** Whether a function of the table entries writes the table: it then announces what it wrote. */
const writesTable = (permissions: { table?: string }) => permissions.table === 'readWrite';

/** What a function may do with the escrow state machine. */
function workflowActionsOf(statements: Statement[]): string[] {
  return actionsOf(statements)
    .filter((a) => a.startsWith('states:'))
    .sort();
}

function listedWorkflowActions(workflow: Array<'start' | 'answer'> = []): string[] {
  return [
    // Starting a contract's execution reads the one whose name is taken (ended: the next is started).
    ...(workflow.includes('start') ? ['states:DescribeExecution', 'states:StartExecution'] : []),
    ...(workflow.includes('answer') ? ['states:SendTaskFailure', 'states:SendTaskHeartbeat', 'states:SendTaskSuccess'] : []),
  ].sort();
}

/** A Content-Security-Policy header's directives; a CloudFormation reference in it reads `<Logical.Attribute>`. */
function directivesOf(header: Json): Record<string, string[]> {
  const parts: Json[] = typeof header === 'string' ? [header] : header['Fn::Join'][1];
  const text = parts.map((part) => (typeof part === 'string' ? part : `<${part['Fn::GetAtt'].join('.')}>`)).join('');
  return Object.fromEntries(
    text.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The Content-Security-Policy header of the stage's response headers policy, and the policy's id. */
function contentSecurityPolicyOf(template: Template): { policyId: string; header: Json } {
  const [[policyId, policy]] = resources(template, 'AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
  const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
  expect(csp.Override).toBe(true);
  return { policyId, header: csp.ContentSecurityPolicy };
}

const violationsOf = (app: App) =>
  new AwsSolutionsChecks().validateScope(app).violations.map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    at: v.violatingResources.map((r) => r.constructPath),
  }));

describe('escrow stack (dev)', { timeout: 180_000 }, () => {
  let app: App;
  let stack: Stack;
  let template: Template;

  // Bundles every function with esbuild: minutes on a busy 2-core machine, never a sign of a fault.
  beforeAll(() => {
    ({ app, stack, template } = synth({ stage: 'dev' }));
  }, 480_000);

  it('creates one function per route-table entry and per user pool trigger, task and schedule, the realtime authorizer, plus only the CDK-managed helpers', () => {
    for (const route of routes) functionTagged(template, `route:${route.name}`);
    for (const [trigger] of triggerEntries()) functionTagged(template, `trigger:${trigger}`);
    for (const task of tasks) functionTagged(template, `task:${task.state}`);
    for (const schedule of schedules) functionTagged(template, `schedule:${schedule.name}`);

    const functions = resources(template, 'AWS::Lambda::Function');
    const untagged = functions.filter(([, fn]) => tagOf(fn) === undefined).map(([id]) => id);
    // BucketDeployment's handler, and the dev-only provider that empties buckets on stack deletion.
    expect(untagged).toHaveLength(2);
    expect(untagged).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CustomCDKBucketDeployment/),
        expect.stringMatching(/^CustomS3AutoDeleteObjectsCustomResourceProvider/),
      ]),
    );
    // ... and the realtime channels' Lambda authorizer.
    functionTagged(template, realtimeAuthorizer.purpose);
    expect(functions).toHaveLength(routes.length + triggerEntries().length + tasks.length + schedules.length + 1 + 2);
  });

  it('tells each function where exactly the secrets it lists are, and lets it read only those', () => {
    const functions = [
      ...routes.map((r) => [`route:${r.name}`, r.permissions.secrets ?? []] as const),
      ...triggerEntries().map(([name, t]) => [`trigger:${name}`, t.permissions.secrets ?? []] as const),
      ...tasks.map((t) => [`task:${t.state}`, t.permissions.secrets ?? []] as const),
      ...schedules.map((s) => [`schedule:${s.name}`, s.permissions.secrets ?? []] as const),
    ];
    for (const [purpose, listed] of functions) {
      const [, fn] = functionTagged(template, purpose);
      const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
      for (const [name, source] of Object.entries(secretSources)) {
        const envName = envNames[source.arn];
        expect(variables.includes(envName), `${purpose} ${envName}`).toBe(listed.includes(name as SecretName));
        expect(variables, `${purpose} never gets a secret value`).not.toContain(envNames[source.value]);
      }
      const reads = actionsOf(statementsOf(template, fn)).filter((a) => String(a).startsWith('secretsmanager:'));
      expect(reads.length > 0, purpose).toBe(listed.length > 0);
    }
  });

  it('runs every function of ours on nodejs24.x, arm64, with source maps enabled', () => {
    const ours = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn));
    expect(ours.length).toBeGreaterThan(0);
    for (const [, fn] of ours) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('bundles for the runtime and runs the tests, the local cloud and the scripts on its Node major', () => {
    // npm puts the pinned `node` package first on every npm script's PATH (README): what runs here is what Lambda runs.
    expect(esbuildOptions.target).toBe('node24');
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('allows in CORS every header the web client sends, x-device-id included', () => {
    const sent = Object.keys(requestHeaders({ body: { any: 'body' }, deviceId: 'device-1' }, 'id-token'));
    expect(sent).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-device-id']));
    const [[, api]] = resources(template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]];
    const allowed = (api.Properties.CorsConfiguration.AllowHeaders as string[]).map((h) => h.toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(sent));
  });

  it('runs the escrow state machine from statemachines/escrow.asl.json, each Task state on its own task function', () => {
    const [[, machine]] = resources(template, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    const definition = JSON.parse(readFileSync(escrowDefinitionPath, 'utf8'));
    expect(JSON.parse(machine.Properties.DefinitionString)).toEqual(definition);
    expect(machine.Properties.StateMachineType).toBe('STANDARD');
    const taskStates = Object.entries(definition.States as Record<string, { Type: string }>)
      .filter(([, state]) => state.Type === 'Task')
      .map(([name]) => name);
    expect(taskStates.sort()).toEqual(tasks.map((t) => t.state).sort());
    for (const task of tasks) {
      const [fnId] = functionTagged(template, `task:${task.state}`);
      const substituted = machine.Properties.DefinitionSubstitutions[taskSubstitution(task)];
      expect(versionOf(template, substituted)?.Properties.FunctionName, task.state).toEqual({ Ref: fnId });
    }
  });

  it('keeps a renamed Task state on its old function, whose versions executions started before the rename still call', () => {
    const renamed = tasks.filter((t) => t.functionId !== undefined);
    expect(renamed.map((t) => t.state)).toContain('PayoutPaid');
    for (const task of renamed) {
      const [fnId] = functionTagged(template, `task:${task.state}`);
      expect(fnId, task.state).toContain(`${task.functionId}Task`);
    }
  });

  it('logs every execution at level ALL with its data, traces it, and alarms on failed or timed-out executions', () => {
    const [[, machine]] = resources(template, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties.Metrics ?? []).includes('ExecutionsTimedOut'),
    );
    expect(alarms).toHaveLength(1);
    expect(JSON.stringify(alarms[0]?.[1].Properties.Metrics)).toContain('ExecutionsFailed');
  });

  it('lets each task and schedule touch the state machine only as its table entry lists, on that state machine only', () => {
    const [[, machine]] = resources(template, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    const name = machine.Properties.StateMachineName as string;
    const entries = [
      ...tasks.map((t) => [`task:${t.state}`, t.permissions.workflow] as const),
      ...schedules.map((s) => [`schedule:${s.name}`, s.permissions.workflow] as const),
    ];
    for (const [purpose, workflow] of entries) {
      const [, fn] = functionTagged(template, purpose);
      const statements = statementsOf(template, fn);
      expect(workflowActionsOf(statements), purpose).toEqual(listedWorkflowActions(workflow));
      for (const s of statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('states:')))) {
        const reads = actionsOf([s]).every((a) => a === 'states:DescribeExecution');
        expect(JSON.stringify(s.Resource)).toContain(reads ? `:execution:${name}:*` : `:stateMachine:${name}`);
      }
    }
  });

  it('gives ops, and nobody else, a policy to decide disputes and resume what waits: the stage outputs, the table by key, the answer to the execution, starting its next one, states:RedriveExecution on its executions, and telling the parties as a function would', () => {
    const policies = resources(template, 'AWS::IAM::ManagedPolicy').filter(
      ([, p]) => p.Properties.ManagedPolicyName === 'escrow-dev-decide-disputes',
    );
    expect(policies).toHaveLength(1);
    const [[policyId, policy]] = policies as [[string, Resource]];
    // Attached to no role, group or user: ops attach it to themselves.
    expect(policy.Properties.Roles ?? []).toEqual([]);
    expect(policy.Properties.Groups ?? []).toEqual([]);
    expect(policy.Properties.Users ?? []).toEqual([]);
    const statements = policy.Properties.PolicyDocument.Statement as Statement[];
    expect(actionsOf(statements).sort()).toEqual(
      [
        'appsync:EventPublish',
        'cloudformation:DescribeStacks',
        'dynamodb:ConditionCheckItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        's3:GetObject',
        'ses:SendEmail',
        'states:DescribeExecution',
        'states:RedriveExecution',
        'states:SendTaskFailure',
        'states:SendTaskSuccess',
        'states:StartExecution',
      ].sort(),
    );
    const bySid = Object.fromEntries((statements as Array<Statement & { Sid: string }>).map((s) => [s.Sid, s]));
    const inAccount = (resource: string) => ({
      'Fn::Join': ['', ['arn:aws:states:eu-west-1:', { Ref: 'AWS::AccountId' }, resource]],
    });
    // npm run redrive: the stage's executions, no other state machine's.
    expect(bySid.RedriveTheExecution).toMatchObject({
      Action: ['states:DescribeExecution', 'states:RedriveExecution'],
      Resource: inAccount(':execution:escrow-dev-contracts:*'),
    });
    expect(JSON.stringify(bySid.StartTheNextExecution?.Resource)).toContain(':stateMachine:escrow-dev-contracts');
    // A decision's emails go out as the functions send them: as the stage's sender only, through its
    // templates and configuration set; its notifications reach the parties' channels, nothing else of AppSync.
    expect(bySid.EmailTheParties).toMatchObject({
      Action: 'ses:SendEmail',
      Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@mail.middleman.ng' } },
    });
    expect(JSON.stringify(bySid.EmailTheParties?.Resource)).toContain(':template/escrow-dev-*');
    expect(arnText(bySid.AnnounceToTheParties?.Resource)).toMatch(
      new RegExp(
        `^arn:aws:appsync:eu-west-1:<AWS::AccountId>:apis/<${eventApiOf(template)}.ApiId>/channelNamespace/notifications$`,
      ),
    );
    // npm run decide-dispute lists a dispute's files with links signed as ops: confirmed files only, read only.
    const [[bucketId]] = resources(template, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('EvidenceFiles')) as [
      [string, Resource],
    ];
    expect(bySid.ReadTheEvidence).toMatchObject({ Action: 's3:GetObject' });
    expect(bySid.ReadTheEvidence?.Resource).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/evidence/*']] });
    const [[tableId]] = resources(template, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    const text = JSON.stringify(statements);
    expect(text).not.toContain('"*"');
    expect(text).toContain(`"${tableId}"`);
    expect(text).toContain('AWS::StackId');
    expect(template.toJSON().Outputs.DecideDisputesPolicyArn.Value).toEqual({ Ref: policyId });
  });

  it('gives finance exactly a read of the executions, the ledger, contracts and payments by leading key, Logs Insights on the executions and the stage’s dashboard, in a group of its own; ops that and closing accounts', () => {
    const [[policyId, policy]] = resources(template, 'AWS::IAM::ManagedPolicy').filter(
      ([, p]) => p.Properties.ManagedPolicyName === 'escrow-dev-finance',
    ) as [[string, Resource]];
    const statements = policy.Properties.PolicyDocument.Statement as Array<Statement & { Sid: string }>;
    const bySid = Object.fromEntries(statements.map((s) => [s.Sid, s]));
    expect(Object.keys(bySid).sort()).toEqual(
      [
        'ListExecutions',
        'QueryExecutionLogs',
        'ReadExecutions',
        'ReadLedgerContractsAndPayments',
        'ReadQueryResults',
        'ReadTheAlarms',
        'ReadTheDashboard',
        'ReadTheGraphs',
        'ReadTheStageOutputs',
      ].sort(),
    );
    expect(actionsOf(statements).sort()).toEqual(
      [
        'cloudformation:DescribeStacks',
        'cloudwatch:DescribeAlarms',
        'cloudwatch:GetDashboard',
        'cloudwatch:GetMetricData',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'logs:FilterLogEvents',
        'logs:GetLogEvents',
        'logs:GetQueryResults',
        'logs:StartQuery',
        'logs:StopQuery',
        'states:DescribeExecution',
        'states:GetExecutionHistory',
        'states:ListExecutions',
      ].sort(),
    );
    // Nothing that writes, scans, deletes, or reads secrets.
    expect(
      actionsOf(statements).filter((a) => /Put|Update|Delete|Scan|Write|Send|Start(?!Query)|secretsmanager|kms/.test(a)),
    ).toEqual([]);
    const [[tableId]] = resources(template, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    // The table and its GSI1 (the ledger's postings by time), nothing else.
    expect(JSON.stringify(bySid.ReadLedgerContractsAndPayments?.Resource)).toBe(
      JSON.stringify([
        { 'Fn::GetAtt': [tableId, 'Arn'] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/GSI1']] },
      ]),
    );
    // The ledger (and the sweep's check of the provider under LEDGER#COVER#), contracts, and
    // payments with the money under no payment's reference: no profile, device or throttle.
    expect(bySid.ReadLedgerContractsAndPayments?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEDGER#*', 'CONTRACT#*', 'PAYMENT#*', 'UNKNOWN_TX#*'] },
    });
    // The stage's dashboard, its alarms by the stack's name, and the graphs' data (which IAM names no resource for).
    expect(bySid.ReadTheDashboard?.Resource).toEqual({
      'Fn::Join': ['', ['arn:aws:cloudwatch::', { Ref: 'AWS::AccountId' }, ':dashboard/escrow-dev']],
    });
    expect(bySid.ReadTheAlarms?.Resource).toEqual({
      'Fn::Join': ['', ['arn:aws:cloudwatch:eu-west-1:', { Ref: 'AWS::AccountId' }, ':alarm:escrow-dev-*']],
    });
    expect(bySid.ReadTheGraphs?.Resource).toBe('*');
    const inAccount = (resource: string) => ({
      'Fn::Join': ['', ['arn:aws:states:eu-west-1:', { Ref: 'AWS::AccountId' }, resource]],
    });
    expect(bySid.ListExecutions?.Resource).toEqual(inAccount(':stateMachine:escrow-dev-contracts'));
    expect(bySid.ReadExecutions?.Resource).toEqual(inAccount(':execution:escrow-dev-contracts:*'));
    const [[logGroupId]] = resources(template, 'AWS::Logs::LogGroup').filter(([, g]) =>
      String(JSON.stringify(g.Properties.LogGroupName)).includes('/aws/vendedlogs/states/escrow-dev-contracts-'),
    ) as [[string, Resource]];
    expect(bySid.QueryExecutionLogs?.Resource).toEqual([
      { 'Fn::GetAtt': [logGroupId, 'Arn'] },
      { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logGroupId, 'Arn'] }, ':*']] },
    ]);
    // Finance's script finds the log group (executions older than 90 days) by an output of the stack.
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.ExecutionLogGroupName?.Value).toEqual({ Ref: logGroupId });
    expect(bySid.ReadQueryResults?.Resource).toBe('*');
    for (const s of statements.filter((s) => s.Sid !== 'ReadQueryResults' && s.Sid !== 'ReadTheGraphs'))
      expect(s.Resource, s.Sid).not.toBe('*');

    const groups = Object.fromEntries(
      resources(template, 'AWS::IAM::Group').map(([, g]) => [
        g.Properties.GroupName,
        JSON.stringify(g.Properties.ManagedPolicyArns),
      ]),
    );
    const [[decidersId]] = resources(template, 'AWS::IAM::ManagedPolicy').filter(
      ([, p]) => p.Properties.ManagedPolicyName === 'escrow-dev-decide-disputes',
    ) as [[string, Resource]];
    expect(groups['escrow-dev-finance']).toBe(JSON.stringify([{ Ref: policyId }]));
    const [[closersId, closers]] = resources(template, 'AWS::IAM::ManagedPolicy').filter(
      ([, p]) => p.Properties.ManagedPolicyName === 'escrow-dev-close-accounts',
    ) as [[string, Resource]];
    expect(groups['escrow-dev-ops']).toBe(JSON.stringify([{ Ref: policyId }, { Ref: decidersId }, { Ref: closersId }]));
    // Closing an account: sign out and remove on this stage's user pool, nothing else.
    const [poolId] = resources(template, 'AWS::Cognito::UserPool')[0] as [string, Resource];
    expect((closers.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toEqual([
      {
        Sid: 'SignOutAndRemove',
        Effect: 'Allow',
        Action: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut'],
        Resource: { 'Fn::GetAtt': [poolId, 'Arn'] },
      },
    ]);
  });

  it('runs each schedule-table entry on its own function from an EventBridge rule at its rate, with a 60 s timeout', () => {
    const rules = resources(template, 'AWS::Events::Rule');
    expect(rules).toHaveLength(schedules.length);
    for (const schedule of schedules) {
      const [fnId, fn] = functionTagged(template, `schedule:${schedule.name}`);
      const targeting = rules.filter(([, rule]) =>
        (rule.Properties.Targets as Array<{ Arn: unknown }>).some(
          (t) => JSON.stringify(t.Arn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
        ),
      );
      expect(targeting, `the rule of ${schedule.name}`).toHaveLength(1);
      const [[ruleId, rule]] = targeting as [[string, Resource]];
      const minutes = schedule.rateMinutes;
      expect(rule.Properties.ScheduleExpression).toBe(`rate(${minutes} minute${minutes === 1 ? '' : 's'})`);
      expect(rule.Properties.State).toBe('ENABLED');
      expect(fn.Properties.Timeout).toBe(60);
      // EventBridge, from that rule only, may invoke it.
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      });
    }
    // The money sweep: every 5 minutes.
    const [sweepId] = functionTagged(template, 'schedule:money-sweep');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [sweepId, 'Arn'] } })],
    });
  });

  it('grants money-sweep the table, the Flutterwave secret key, the answers to the workflow’s tasks, the start of a contract’s next execution and the stage’s emails (its reminders), and nothing more', () => {
    const [, fn] = functionTagged(template, 'schedule:money-sweep');
    const statements = statementsOf(template, fn);
    const [[tableId]] = resources(template, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    const [[secretId]] = resources(template, 'AWS::SecretsManager::Secret').filter(([, secret]) =>
      String(secret.Properties.Description).startsWith('Flutterwave v3 secret key'),
    ) as [[string, Resource]];
    const byAction = (prefix: string) => statements.filter((s) => actionsOf([s]).some((a) => a.startsWith(prefix)));

    // appsync: it writes the table, so it publishes the notifications it writes (checked below);
    // ses: it reminds buyers whose refund waits for their bank account.
    expect(new Set(actionsOf(statements).map((a) => a.split(':')[0]))).toEqual(
      new Set(['xray', 'logs', 'dynamodb', 'secretsmanager', 'states', 'appsync', 'ses']),
    );
    expect(actionsOf(byAction('ses:')).sort()).toEqual(['ses:SendEmail']);
    expect(actionsOf(statements).filter((a) => a.includes('*'))).toEqual([]);
    // The table, read and write, by key and index (no Scan).
    expect(actionsOf(byAction('dynamodb:')).sort()).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:DescribeTable',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ].sort(),
    );
    for (const s of byAction('dynamodb:')) expect(JSON.stringify(s.Resource)).toContain(`"${tableId}"`);
    // The Flutterwave secret key, and no other secret.
    expect(byAction('secretsmanager:').map((s) => s.Resource)).toEqual([{ Ref: secretId }]);
    expect(actionsOf(byAction('secretsmanager:')).sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    // Answers the escrow state machine's callback tasks and starts a contract's next execution when a
    // payment it credits finds the last one ended (reading it first); it cannot stop or redrive one.
    expect(workflowActionsOf(statements)).toEqual(listedWorkflowActions(['start', 'answer']));
    // Publishes to the notifications namespace of the stage's Event API, and cannot subscribe.
    expectPublishOnlyIf(template, statements, true, 'money-sweep');
    // Beyond those, what every function has: its own log group, and X-Ray.
    for (const s of byAction('logs:'))
      expect(s.Resource).toEqual({ 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] });
    expect(actionsOf(byAction('xray:')).sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('traces every function of ours with X-Ray (active tracing)', () => {
    const ours = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn));
    for (const [id, fn] of ours) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('gives every function the one function environment the local cloud also uses (triggers without the pool)', () => {
    const settings = { stage: 's', tableName: 't', mailFrom: 'm@x.y', appUrl: 'https://a' };
    const common = Object.keys(functionEnvironment(settings));
    const withPool = Object.keys(functionEnvironment({ ...settings, userPool: { id: 'p', clientId: 'c' } }));
    for (const route of routes) {
      const variables = Object.keys(functionTagged(template, `route:${route.name}`)[1].Properties.Environment.Variables);
      expect(variables, route.name).toEqual(expect.arrayContaining(withPool));
    }
    for (const [name] of triggerEntries()) {
      const variables = Object.keys(functionTagged(template, `trigger:${name}`)[1].Properties.Environment.Variables);
      expect(variables, name).toEqual(expect.arrayContaining(common));
      expect(variables, `${name} cannot know the pool that depends on it`).not.toContain(envNames.userPoolId);
    }
    const withWorkflow = Object.keys(functionEnvironment({ ...settings, stateMachineArn: 'arn' }));
    for (const schedule of schedules) {
      const variables = Object.keys(functionTagged(template, `schedule:${schedule.name}`)[1].Properties.Environment.Variables);
      expect(variables, schedule.name).toEqual(expect.arrayContaining(withWorkflow));
    }
    // Where realtime events are published: told to the functions that write the table, and only to them.
    expect(Object.keys(functionEnvironment({ ...settings, eventsHttpEndpoint: 'https://e/event' }))).toContain(
      envNames.eventsHttpEndpoint,
    );
  });

  it('runs AppSync Events for each person’s notifications: connect and subscribe through the live-session Lambda authorizer, never cached; publish with IAM only', () => {
    const apiId = eventApiOf(template);
    const [authorizerId, authorizer] = functionTagged(template, realtimeAuthorizer.purpose);
    template.hasResourceProperties('AWS::AppSync::Api', {
      Name: 'escrow-dev-realtime',
      EventConfig: {
        // Not the user pool mode: AppSync would take a token revoked by a reset or a closed account until it expires.
        AuthProviders: [
          {
            AuthType: 'AWS_LAMBDA',
            LambdaAuthorizerConfig: {
              AuthorizerUri: { 'Fn::GetAtt': [authorizerId, 'Arn'] },
              // An answer reused after a revocation would let the revoked session in.
              AuthorizerResultTtlInSeconds: 0,
            },
          },
          { AuthType: 'AWS_IAM' },
        ],
        ConnectionAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        DefaultSubscribeAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        // Browsers cannot publish: only what the product announces reaches a page.
        DefaultPublishAuthModes: [{ AuthType: 'AWS_IAM' }],
        LogConfig: { CloudWatchLogsRoleArn: Match.anyValue(), LogLevel: 'ERROR' },
      },
    });
    // AppSync, and only this API, may invoke the authorizer.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [authorizerId, 'Arn'] },
      Principal: 'appsync.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [apiId, 'ApiArn'] },
    });
    // The authorizer reads a profile's session state by key, and nothing else of the table; no
    // publishing, no other service (beside its own logs and X-Ray).
    const [[tableId]] = resources(template, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    const statements = statementsOf(template, authorizer);
    expect(actionsOf(statements).sort()).toEqual(
      [
        'dynamodb:GetItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
    expect(statements.find((st) => actionsOf([st]).includes('dynamodb:GetItem'))).toMatchObject({
      Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } },
    });
    // It verifies the pool's tokens for the app's client itself, and reads the stage's table.
    expect(Object.keys(authorizer.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([envNames.tableName, envNames.userPoolId, envNames.userPoolClientId]),
    );
    // One namespace, with no handler code: which channel a subscription may take is the authorizer's to say.
    const namespaces = resources(template, 'AWS::AppSync::ChannelNamespace');
    expect(namespaces).toHaveLength(1);
    const [[, namespace]] = namespaces as [[string, Resource]];
    expect(namespace.Properties).toMatchObject({
      ApiId: { 'Fn::GetAtt': [apiId, 'ApiId'] },
      Name: 'notifications',
      SubscribeAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
      PublishAuthModes: [{ AuthType: 'AWS_IAM' }],
    });
    expect(namespace.Properties.CodeHandlers).toBeUndefined();
    // Its logs: in a group of the stage's retention, written by a role allowed that group only.
    const [logsRoleId] = template.toJSON().Resources[apiId].Properties.EventConfig.LogConfig.CloudWatchLogsRoleArn[
      'Fn::GetAtt'
    ] as [string];
    const [[logGroupId]] = resources(template, 'AWS::Logs::LogGroup').filter(([, g]) =>
      JSON.stringify(g.Properties.LogGroupName ?? '').includes('/aws/appsync/apis/'),
    ) as [[string, Resource]];
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['/aws/appsync/apis/', { 'Fn::GetAtt': [apiId, 'ApiId'] }]] },
      RetentionInDays: 14,
    });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'appsync.amazonaws.com' } })],
      }),
      ManagedPolicyArns: Match.absent(),
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logsRoleId }],
      PolicyDocument: Match.objectLike({
        Statement: [
          Match.objectLike({
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
          }),
        ],
      }),
    });
    expect(template.toJSON().Outputs.EventsHttpEndpoint.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [apiId, 'Dns.Http'] }, '/event']],
    });
  });

  it('lets every function that writes the table, and no other, publish to the notifications namespace and know where', () => {
    const endpoint = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [eventApiOf(template), 'Dns.Http'] }, '/event']] };
    const entries = [
      ...routes.map((r) => [`route:${r.name}`, writesTable(grantsOf(r))] as const),
      ...tasks.map((t) => [`task:${t.state}`, writesTable(t.permissions)] as const),
      ...schedules.map((s) => [`schedule:${s.name}`, writesTable(s.permissions)] as const),
      // The triggers write devices and challenges, never a notification; and the pool the Event
      // API authorizes with depends on them, so they could not be given it without a cycle.
      ...triggerEntries().map(([name]) => [`trigger:${name}`, false] as const),
    ];
    expect(entries.filter(([, writes]) => writes).length).toBeGreaterThan(tasks.length);
    for (const [purpose, writes] of entries) {
      const [, fn] = functionTagged(template, purpose);
      expect(fn.Properties.Environment.Variables[envNames.eventsHttpEndpoint], purpose).toEqual(writes ? endpoint : undefined);
      expectPublishOnlyIf(template, statementsOf(template, fn), writes, purpose);
    }
    // Nobody in the stage connects or subscribes with IAM: that is the browsers', with their pool tokens.
    const everyAction = resources(template, 'AWS::IAM::Policy').flatMap(([, p]) =>
      actionsOf(p.Properties.PolicyDocument.Statement as Statement[]),
    );
    expect(everyAction.filter((a) => a.startsWith('appsync:') && a !== 'appsync:EventPublish')).toEqual([]);
  });

  it('bundles each function as minified ESM with a linked source map, every package inside (the AWS SDK too)', () => {
    for (const route of routes) {
      const [, fn] = functionTagged(template, `route:${route.name}`);
      const assetHash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
      const assetDir = join(app.outdir, `asset.${assetHash}`);
      const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
      expect(code.startsWith('import { createRequire')).toBe(true);
      expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
      // Bundled, not external: no package is left to import at run time but Node's own.
      // An import's specifier (a text such as `"notices-from",limit:5` is none).
      const packagesImported = [...code.matchAll(/(?:(?<=[\s}*])from\s*|\bimport\()["']([@a-z][\w@/.:-]*)["']/g)]
        .map((m) => m[1])
        .filter((name) => !name?.startsWith('node:'));
      expect(packagesImported, route.name).toEqual([]);
      // The DynamoDB client is bundled (its service's target prefix), not taken from Lambda's runtime.
      expect(code, route.name).toContain('DynamoDB_20120810');
    }
  });

  it('bundles with exactly the exported esbuild settings, so benchmarks measure the deployed code', async () => {
    // The routes and the schedules (tasks and triggers are bundled by the same EscrowFunction).
    const entries = [
      ...routes.map((r) => ({ name: r.name, purpose: `route:${r.name}`, entry: handlerEntry(r) })),
      ...schedules.map((s) => ({ name: s.name, purpose: `schedule:${s.name}`, entry: scheduleEntry(s) })),
    ];
    // One esbuild service builds them all at once: one after the other took minutes on 2 cores.
    const bundles = await Promise.all(
      entries.map((route) =>
        build({
          ...esbuildOptions,
          entryPoints: [route.entry],
          outfile: join(tmpdir(), 'escrow-bundle-check', 'index.mjs'),
          write: false,
        }),
      ),
    );
    for (const [i, route] of entries.entries()) {
      const [, fn] = functionTagged(template, route.purpose);
      const deployed = readFileSync(join(app.outdir, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs'));
      const bundle = bundles[i]?.outputFiles.find((f) => f.path.endsWith('index.mjs'));
      expect(Buffer.from(bundle?.contents ?? []).equals(deployed), route.name).toBe(true);
      // Credentials from the environment only (lambdas/core/adapters/credentials.ts): none of the
      // default chain's SSO or web-identity sources, which name these settings, is in the bundle.
      const code = deployed.toString('utf8');
      expect(code, route.name).toContain('AWS_SECRET_ACCESS_KEY');
      expect(code, route.name).not.toContain('sso_start_url');
      expect(code, route.name).not.toContain('AWS_WEB_IDENTITY_TOKEN_FILE');
    }
    // Bundling every route and schedule again is minutes of CPU on 2 busy cores (165 s measured with
    // tracing in every bundle, under another run's load): more than the suite's per-test time.
  }, 600_000);

  it('grants each function what its deployed code does: sending email, starting and answering executions', () => {
    // Read from the bundles CDK deploys, not from the tables the grants are made from: a table that
    // forgets a function's email (15 did) is caught here, where comparing the template with the
    // table could not catch it.
    const uses = {
      'ses:SendEmail': '/v2/email/outbound-emails',
      'states:StartExecution': 'StartExecution',
      'states:SendTaskSuccess': 'SendTaskSuccess',
    };
    const ours = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn));
    // ... and the realtime authorizer (lambdas/realtime.ts).
    expect(ours.length).toBe(routes.length + tasks.length + triggerEntries().length + schedules.length + 1);
    for (const [, fn] of ours) {
      const code = readFileSync(join(app.outdir, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
      const granted = actionsOf(statementsOf(template, fn));
      for (const [action, marker] of Object.entries(uses))
        expect(granted.includes(action), `${tagOf(fn)}: ${action}`).toBe(code.includes(marker));
    }
  });

  it('routes each route-table entry to its own function', () => {
    const integrations = Object.fromEntries(resources(template, 'AWS::ApiGatewayV2::Integration'));
    const apiRoutes = resources(template, 'AWS::ApiGatewayV2::Route');
    expect(apiRoutes).toHaveLength(routes.length);
    for (const route of routes) {
      const [fnId] = functionTagged(template, `route:${route.name}`);
      const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`) ?? [];
      expect(apiRoute, `${route.method} ${route.path}`).toBeDefined();
      const integrationId = apiRoute?.Properties.Target['Fn::Join'][1][1].Ref as string;
      expect(integrations[integrationId]?.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    }
  });

  it('puts protected routes behind the Cognito JWT authorizer and leaves public ones without authorizer', () => {
    const [[authorizerId, authorizer]] = resources(template, 'AWS::ApiGatewayV2::Authorizer') as [[string, Resource]];
    const [[poolId]] = resources(template, 'AWS::Cognito::UserPool') as [[string, Resource]];
    const [[clientId]] = resources(template, 'AWS::Cognito::UserPoolClient') as [[string, Resource]];
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.JwtConfiguration.Audience).toEqual([{ Ref: clientId }]);
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain(JSON.stringify({ Ref: poolId }));

    for (const route of routes) {
      const expected =
        route.auth === 'protected'
          ? { AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } }
          : { AuthorizationType: 'NONE', AuthorizerId: Match.absent() };
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}`, ...expected });
    }
  });

  it('grants each route function only the permissions its route-table entry lists', () => {
    expectLeastPrivilege(template, routes);
  });

  it('keeps a route that touches only some kinds of item (a person’s own, the stops of invitation emails, an invitation’s contract and seller) to those partitions (dynamodb:LeadingKeys), and the others to no condition', () => {
    const limited = routes.filter((r) => r.permissions.tableKeys);
    expect(limited.map((r) => r.name).sort()).toEqual(
      [
        'get-invitation',
        'get-profile',
        'get-realtime-channel',
        'list-devices',
        'list-notifications',
        'mark-notification-read',
        'remove-device',
        'save-email-preferences',
        'stop-invitation-emails',
      ].sort(),
    );
    for (const route of routes) {
      const tableStatements = statementsOf(template, functionTagged(template, `route:${route.name}`)[1]).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('dynamodb:')),
      );
      for (const s of tableStatements)
        expect(s.Condition, route.name).toEqual(
          route.permissions.tableKeys
            ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...route.permissions.tableKeys] } }
            : undefined,
        );
    }
  });

  it('lets every protected route check the caller’s session with a read of the profile, and no Cognito call unless its entry lists one', () => {
    for (const route of routes) {
      const actions = actionsOf(statementsOf(template, functionTagged(template, `route:${route.name}`)[1]));
      expect(actions.includes('cognito-idp:AdminGetUser'), route.name).toBe(
        Boolean(route.permissions.userPoolActions?.includes('cognito-idp:AdminGetUser')),
      );
      if (route.auth === 'protected') expect(actions.includes('dynamodb:GetItem'), route.name).toBe(true);
    }
  });

  it('keys the table by PK/SK with GSI1, GSI2, TTL on expiresAt and point-in-time recovery', () => {
    const index = (name: string, pk: string, sk: string) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: pk, KeyType: 'HASH' },
        { AttributeName: sk, KeyType: 'RANGE' },
      ],
    });
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike(index('GSI1', 'GSI1PK', 'GSI1SK')),
        Match.objectLike(index('GSI2', 'GSI2PK', 'GSI2SK')),
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
    // The same definition the local cloud creates its table from.
    expect(tableDefinition.timeToLiveAttribute).toBe('expiresAt');
  });

  it('lets the web client sign in with custom auth and refresh tokens only', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlows: Match.absent(),
    });
  });

  it('deploys the client settings the local pool enforces, so the laptop behaves like AWS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: [...userPoolSettings.clientAuthFlows],
      AuthSessionValidity: userPoolSettings.authSessionValidityMinutes,
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: userPoolSettings.passwordMinLength }) },
    });
  });

  it('signs users in by email with passwords of at least 6 characters and the triggers attached', () => {
    const [fnId] = functionTagged(template, 'trigger:defineAuthChallenge');
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
      // Cognito's ForgotPassword would bypass the security answer.
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      LambdaConfig: { DefineAuthChallenge: { 'Fn::GetAtt': [fnId, 'Arn'] } },
    });
  });

  it('deletes evidence files a year after their contract ended (the tag its last step writes), and lets only that step write the tag', () => {
    const [[bucketId, bucket]] = resources(template, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('EvidenceFiles')) as [
      [string, Resource],
    ];
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'evidence/',
        TagFilters: [{ Key: 'retention', Value: 'contract-ended' }],
        ExpirationInDays: 365,
        Status: 'Enabled',
      }),
    );
    // Nothing else under evidence/ ever expires: an open contract's files stay.
    expect(rules.filter((r) => r.Prefix === 'evidence/')).toHaveLength(1);
    const tagging = resources(template, 'AWS::Lambda::Function')
      .filter(([, fn]) =>
        statementsOf(template, fn).some(
          (st) => actionsOf([st]).includes('s3:PutObjectTagging') && JSON.stringify(st.Resource).includes(bucketId),
        ),
      )
      .map(([, fn]) => tagOf(fn))
      .sort();
    expect(tagging).toEqual(['task:EndPaid', 'task:EndSettled']);
  });

  it('serves the SPA from a private bucket through origin access control with SPA fallback and security headers', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          ContentTypeOptions: Match.anyValue(),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ReferrerPolicy: Match.anyValue(),
          XSSProtection: Match.objectLike({ Protection: true }),
        },
      }),
    });
  });

  it('sends a Content-Security-Policy from the stage on every response, /config.json included: its region’s API and user pool, the captcha and the checkout', () => {
    const { policyId, header } = contentSecurityPolicyOf(template);
    const csp = directivesOf(header);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // Without a custom domain neither the API nor the Event API can be named without a dependency
    // cycle (lib/web.ts): their region's hosts, the Event API's HTTP and realtime (WebSocket) ones.
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://*.execute-api.eu-west-1.amazonaws.com',
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://*.appsync-api.eu-west-1.amazonaws.com',
      'wss://*.appsync-realtime-api.eu-west-1.amazonaws.com',
      // Evidence files go straight to their bucket, which cannot be named either (its CORS names the site).
      'https://*.s3.eu-west-1.amazonaws.com',
      'https://*.s3.amazonaws.com',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://*.s3.eu-west-1.amazonaws.com', 'https://*.s3.amazonaws.com']);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://checkout.flutterwave.com',
    ]);
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://checkout-v3-ui-prod.f4b-flutterwave.com']),
    );
    expect(JSON.stringify(header)).not.toContain('unsafe-eval');
    const [[, distribution]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    expect(CacheBehaviors.map((b: Json) => b.PathPattern)).toEqual(['/config.json']);
    for (const behavior of [DefaultCacheBehavior, ...CacheBehaviors])
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('publishes /config.json with the stage, region, captcha key, API URL and user pool ids of this stack', () => {
    const [[apiId]] = resources(template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]];
    const [[poolId]] = resources(template, 'AWS::Cognito::UserPool') as [[string, Resource]];
    const [[clientId]] = resources(template, 'AWS::Cognito::UserPoolClient') as [[string, Resource]];
    const deployment = resources(template, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d)
      .find((d) =>
        ((d.Properties.SourceMarkers ?? []) as unknown[]).some((m) => Object.keys(m as object).length > 0),
      ) as Resource;
    const keys = deployment.Properties.SourceObjectKeys as string[];
    const markers = deployment.Properties.SourceMarkers as Record<string, unknown>[];
    const dirs = keys.map((key) => join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`));
    const source = dirs.findIndex((dir) => existsSync(join(dir, 'config.json')));
    const configDir = dirs[source];
    expect(configDir, 'a source holding config.json').toBeDefined();
    const config = JSON.parse(readFileSync(join(configDir as string, 'config.json'), 'utf8'));
    // The shape the web app parses (markers stand in for the URLs until the deployment resolves them).
    const parsed = { ...config, apiUrl: 'https://api.example', events: { endpoint: 'https://events.example/event' } };
    expect(webConfigSchema.safeParse(parsed).success).toBe(true);
    // Deploy-time values are markers that the deployment replaces with the resolved tokens.
    // Each source numbers its own markers: config.json's are the ones of its source.
    const resolved = (markers[source] ?? {}) as Record<string, unknown>;
    // The Event API's endpoint: its HTTP host (a marker) inside the URL.
    const eventsEndpoint = (config.events.endpoint as string).replace(
      /<<marker:[^>]+>>/g,
      (m) => `<${JSON.stringify(resolved[m])}>`,
    );
    expect({
      ...config,
      apiUrl: resolved[config.apiUrl],
      cognito: { userPoolId: resolved[config.cognito.userPoolId], userPoolClientId: resolved[config.cognito.userPoolClientId] },
      events: { endpoint: eventsEndpoint },
    }).toEqual({
      stage: 'dev',
      region: 'eu-west-1',
      apiUrl: { 'Fn::GetAtt': [apiId, 'ApiEndpoint'] },
      cognito: { userPoolId: { Ref: poolId }, userPoolClientId: { Ref: clientId } },
      captchaSiteKey: deploySettings.captchaSiteKey,
      payments: { publicKey: deploySettings.flutterwavePublicKey, checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js' },
      // No WhatsApp number in the settings: the support pages offer email only.
      support: { email: 'support@mail.middleman.ng' },
      // Amplify posts to it and derives the WebSocket from it.
      events: { endpoint: `https://<${JSON.stringify({ 'Fn::GetAtt': [eventApiOf(template), 'Dns.Http'] })}>/event` },
    });
  });

  it("publishes robots.txt naming the sitemap, and a sitemap of the pre-rendered pages, at the site's own address", () => {
    const [[distributionId]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const deployment = resources(template, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d)
      .find((d) => ((d.Properties.SourceMarkers ?? []) as unknown[]).length > 1) as Resource;
    const keys = deployment.Properties.SourceObjectKeys as string[];
    const markers = deployment.Properties.SourceMarkers as Record<string, unknown>[];
    const dirs = keys.map((key) => join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`));
    const read = (file: string) => {
      const source = dirs.findIndex((dir) => existsSync(join(dir, file)));
      expect(source, `a source holding ${file}`).toBeGreaterThanOrEqual(0);
      const text = readFileSync(join(dirs[source] as string, file), 'utf8');
      // The site's address is a deploy-time value: its markers stand for the distribution's domain.
      let resolved = text;
      for (const [marker, value] of Object.entries(markers[source] ?? {})) {
        expect(JSON.stringify(value)).toContain(distributionId);
        resolved = resolved.replaceAll(marker, 'site.example');
      }
      return resolved;
    };
    expect(read('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://site.example/sitemap.xml\n');
    const locations = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(staticPages.map((path) => `https://site.example${path}`));
  });

  it('passes the cdk-nag AwsSolutions checks: every finding is fixed or acknowledged', () => {
    expect(violationsOf(app)).toEqual([]);
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    // The same plugin runs inside synth, as `cdk synth` runs it; it throws on findings.
    expect(() => app.synth()).not.toThrow();
  });
});

describe('route permissions of every kind', { timeout: 60_000 }, () => {
  it('grants table writes, email sending and user pool actions exactly as listed, with cdk-nag satisfied', () => {
    // The real handlers with made-up permissions: the route table has no such entries yet.
    const wide: RouteDefinition[] = routes.map((route, i) => ({
      ...route,
      permissions:
        i === 0
          ? { table: 'readWrite', sendEmail: true, userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser'] }
          : { table: 'read' },
    }));
    const app = new App({ context: { ...cdkContext, ...deploySettings, 'aws:cdk:bundling-stacks': [] } });
    const stage = loadStageConfig(app);
    const stack = new Stack(app, 'Probe', { env: stage.env });
    const data = new EscrowData(stack, 'Data', { stage });
    const secrets = new EscrowSecrets(stack, 'Secrets', { stage });
    const auth = new EscrowAuth(stack, 'Auth', { stage, data, appUrl: 'https://app.example.com', secrets });
    const realtime = new EscrowRealtime(stack, 'Realtime', {
      stage,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      data,
      appUrl: 'https://app.example.com',
    });
    new EscrowApi(stack, 'Api', {
      stage,
      data,
      auth,
      appUrl: 'https://app.example.com',
      routes: wide,
      secrets,
      stateMachineArn: 'arn:aws:states:eu-west-1:111111111111:stateMachine:probe',
      realtime,
    });

    expectLeastPrivilege(Template.fromStack(stack), wide);
    expect(violationsOf(app)).toEqual([]);
  });
});

describe('stages', { timeout: 60_000 }, () => {
  it('takes the support channels from the stage settings: email defaults to support@ the mail domain, WhatsApp only when set', () => {
    const stageWith = (extra: Record<string, string>) => loadStageConfig(new App({ context: { ...deploySettings, ...extra } }));
    expect(stageWith({}).support).toEqual({ email: 'support@mail.middleman.ng' });
    expect(stageWith({ supportEmail: 'help@middleman.ng', supportWhatsapp: '2348012345678' }).support).toEqual({
      email: 'help@middleman.ng',
      whatsapp: '2348012345678',
    });
    expect(() => stageWith({ supportWhatsapp: '+234 801 234 5678' })).toThrow(/-c supportWhatsapp=/);
    expect(() => stageWith({ supportEmail: 'support@example.com' })).toThrow(/-c supportEmail=/);
  });

  it('protects prod data: deletion protection, retained table and user pool, no bucket auto-delete', () => {
    // Bundling is irrelevant here and takes most of a synth's time.
    const { app, template } = synth({ ...prodSettings, 'aws:cdk:bundling-stacks': [] });
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
    });
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    expect(violationsOf(app)).toEqual([]);
  });

  it('refuses an unknown stage, naming the known ones', () => {
    expect(() => createEscrowApp({ context: { ...cdkContext, ...deploySettings, stage: 'qa' } })).toThrow(
      /Unknown stage "qa".*dev, prod.*-c stage=<name>/,
    );
  });

  it('the cdk-nag check does fail on an unacknowledged finding', () => {
    const app = new App();
    // A bucket without enforceSSL or access logs: AwsSolutions-S1 and -S10.
    new Bucket(new Stack(app, 'Probe'), 'Plain');
    expect(violationsOf(app).map((v) => v.rule)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });
});

describe('deploys that never change code under a running execution, and throttles that protect money', {
  timeout: 120_000,
}, () => {
  let stage: StageConfig;
  let template: Template;

  beforeAll(() => {
    let app: App;
    ({ app, template } = synth({ ...prodSettings, 'aws:cdk:bundling-stacks': [] }));
    stage = loadStageConfig(app);
  }, 120_000);

  const stateMachine = () => (resources(template, 'AWS::StepFunctions::StateMachine') as [[string, Resource]])[0][1];

  it('calls, from every Task of the definition, the version of its function this deploy published, never the function itself', () => {
    const substitutions = Object.entries(stateMachine().Properties.DefinitionSubstitutions as Record<string, Json>);
    const functionArns = substitutions.filter(([name]) => name.endsWith('FunctionArn'));
    expect(functionArns.map(([name]) => name).sort()).toEqual(tasks.map(taskSubstitution).sort());
    for (const [name, arn] of functionArns) {
      const version = versionOf(template, arn);
      expect(version, `${name} is a published version`).toBeDefined();
      const [fnId] = functionTagged(template, `task:${name.slice(0, -'FunctionArn'.length)}`);
      expect(version?.Properties.FunctionName, name).toEqual({ Ref: fnId });
    }
  });

  it('keeps every published version of a task function when a deploy replaces it: older executions still call theirs', () => {
    const versions = resources(template, 'AWS::Lambda::Version');
    expect(versions).toHaveLength(tasks.length);
    for (const [id, version] of versions) {
      expect(version.DeletionPolicy, id).toBe('Retain');
      expect((version as Resource & { UpdateReplacePolicy?: string }).UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('lets the state machine’s role invoke every published version of the task functions, and the bare functions only for executions started before versions', () => {
    const roleId = stateMachine().Properties.RoleArn['Fn::GetAtt'][0] as string;
    const statements = resources(template, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Array<Statement & { Effect: string; Sid?: string }>)
      .filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    const taskFunctionIds = tasks.map((t) => functionTagged(template, `task:${t.state}`)[0]).sort();
    const functionsOf = (statement: Json) => {
      const arns = [statement.Resource].flat() as Json[];
      return arns.map((arn) => (arn['Fn::GetAtt'] ?? arn['Fn::Join'][1][0]['Fn::GetAtt'])[0] as string).sort();
    };
    expect(statements.map((s) => [s.Sid, s.Effect, s.Action])).toEqual([
      ['PublishedTaskVersions', 'Allow', 'lambda:InvokeFunction'],
      ['ExecutionsStartedBeforeVersions', 'Allow', 'lambda:InvokeFunction'],
    ]);
    const [versions, before] = statements;
    // Every version, this deploy's and the older ones running executions still call.
    expect(functionsOf(versions)).toEqual(taskFunctionIds);
    for (const arn of [versions?.Resource].flat() as Json[]) expect(arn['Fn::Join'][1][1]).toBe(':*');
    // The bare functions: what definitions deployed before versions existed name (to be removed, lib/workflow.ts).
    expect(functionsOf(before)).toEqual(taskFunctionIds);
    for (const arn of [before?.Resource].flat() as Json[]) expect(arn).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
  });

  it('reserves the stage’s concurrency for the provider’s webhook and for each task function, and for no other function', () => {
    const reserved = Object.fromEntries(
      resources(template, 'AWS::Lambda::Function')
        .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
        .map(([, fn]) => [tagOf(fn), fn.Properties.ReservedConcurrentExecutions]),
    );
    expect(reserved).toEqual({
      'route:flutterwave-webhook': stage.lambdaConcurrency.perReservedRoute,
      ...Object.fromEntries(tasks.map((t) => [`task:${t.state}`, stage.lambdaConcurrency.perTask])),
    });
    expect(reservedConcurrencyOf(stage).total).toBe(
      stage.lambdaConcurrency.perReservedRoute + tasks.length * stage.lambdaConcurrency.perTask,
    );
  });

  it('gives every public route, the webhook included, request limits of its own in the stage’s route settings, made after its route; the rest share the stage default', () => {
    const [[, apiStage]] = resources(template, 'AWS::ApiGatewayV2::Stage') as [[string, Resource & { DependsOn?: string[] }]];
    const publicRoutes = routes.filter((r) => r.auth === 'public');
    expect(publicRoutes.map((r) => r.name)).toEqual(expect.arrayContaining(['flutterwave-webhook', 'secure-signup', 'health']));
    expect(apiStage.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        publicRoutes.map((r) => [
          `${r.method} ${r.path}`,
          { ThrottlingRateLimit: r.throttle?.rateLimit, ThrottlingBurstLimit: r.throttle?.burstLimit },
        ]),
      ),
    );
    expect(apiStage.Properties.RouteSettings['POST /flutterwave-webhook']).toEqual({
      ThrottlingRateLimit: 100,
      ThrottlingBurstLimit: 200,
    });
    expect(apiStage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: stage.apiThrottle.rateLimit,
      ThrottlingBurstLimit: stage.apiThrottle.burstLimit,
    });
    // CloudFormation refuses route settings for a route key it has not made yet.
    const apiRoutes = resources(template, 'AWS::ApiGatewayV2::Route');
    for (const route of publicRoutes) {
      const [routeId] = apiRoutes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`) ?? [];
      expect(apiStage.DependsOn, route.name).toContain(routeId);
    }
  });

  it('refuses to synthesize prod on a Lambda quota that cannot hold its reservations, in one line saying what they need', () => {
    const { perReservedRoute, perTask } = stage.lambdaConcurrency;
    const reserved = perReservedRoute + tasks.length * perTask;
    // A new account's quota, and one short of the reservations plus the 100 Lambda keeps unreserved.
    for (const quota of [10, reserved + 99]) {
      let message = '';
      try {
        createEscrowApp({
          context: { ...cdkContext, ...prodSettings, lambdaConcurrencyQuota: String(quota), 'aws:cdk:bundling-stacks': [] },
        });
      } catch (error) {
        expect(error).toBeInstanceOf(StageSettingsError);
        message = (error as Error).message;
      }
      expect(message).toBe(
        'Stage "prod" cannot be deployed without: -c lambdaConcurrencyQuota=<the account\'s Lambda concurrency quota (Service Quotas L-B99A9384), ' +
          `at least ${reserved + 100}: the stage reserves ${reserved} (${perReservedRoute} for each of 1 webhook routes, ${perTask} for each of ${tasks.length} tasks) ` +
          `and Lambda keeps 100 unreserved: a quota of ${quota} cannot hold them>.`,
      );
    }
  });

  it('synthesizes prod on a quota that holds its reservations and the 100 Lambda keeps, and refuses a quota that is not a number', () => {
    const context = { ...cdkContext, ...prodSettings, 'aws:cdk:bundling-stacks': [] };
    const needed = reservedConcurrencyOf(stage).total + 100;
    expect(() => createEscrowApp({ context: { ...context, lambdaConcurrencyQuota: String(needed) } })).not.toThrow();
    expect(() => createEscrowApp({ context: { ...context, lambdaConcurrencyQuota: 'lots' } })).toThrow(
      '-c lambdaConcurrencyQuota=<a whole number of concurrent executions, not "lots">',
    );
  });
});

describe('Content-Security-Policy of a config', () => {
  it('allows the Event API’s HTTP host and the WebSocket host Amplify derives from it, for AWS’s endpoints and any other', () => {
    const aws = 'https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/event';
    expect(realtimeEndpointOf(aws)).toBe(
      'wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime',
    );
    expect(eventsSources(aws)).toEqual([
      'https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com',
      'wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.eu-west-1.amazonaws.com',
    ]);
    // A custom domain or the local stand-in: the same host, always over wss.
    expect(realtimeEndpointOf('https://127.0.0.1:7443/event')).toBe('wss://127.0.0.1:7443/event/realtime');
    expect(eventsSources('http://127.0.0.1:7443/event')).toEqual(['http://127.0.0.1:7443', 'wss://127.0.0.1:7443']);

    const config = {
      stage: 'local',
      region: 'eu-west-1',
      apiUrl: 'http://127.0.0.1:3001',
      cognito: { userPoolId: 'p', userPoolClientId: 'c', endpoint: 'http://127.0.0.1:9229' },
      captchaSiteKey: 'k',
      payments: { publicKey: 'pk', checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js' },
      support: { email: 'support@mail.middleman.ng' },
      events: { endpoint: 'https://127.0.0.1:7443/event' },
      files: { endpoint: 'https://127.0.0.1:3009' },
    };
    const connect = directivesOf(contentSecurityPolicy(config))['connect-src'];
    expect(connect).toEqual([
      "'self'",
      'http://127.0.0.1:3001',
      'http://127.0.0.1:9229',
      'https://127.0.0.1:7443',
      'wss://127.0.0.1:7443',
      'https://127.0.0.1:3009',
    ]);
  });
});

/** Every file under a folder (the cloud assembly: templates and assets). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('deploy readiness', { timeout: 120_000 }, () => {
  const withoutBundling = { 'aws:cdk:bundling-stacks': [] };

  it('refuses to synthesize prod without its settings, in one line naming each missing one', () => {
    let message = '';
    try {
      createEscrowApp({ context: { ...cdkContext, stage: 'prod', ...withoutBundling } });
    } catch (error) {
      expect(error).toBeInstanceOf(StageSettingsError);
      message = (error as Error).message;
    }
    expect(message).not.toContain('\n');
    for (const setting of ['account', 'mailDomain', 'captchaSiteKey', 'flutterwavePublicKey'])
      expect(message).toContain(`-c ${setting}=`);
  });

  it('refuses placeholders and example domains as settings', () => {
    for (const [key, value] of [
      ['mailDomain', 'escrow.example.com'],
      ['captchaSiteKey', 'REPLACE_WITH_RECAPTCHA_V3_SITE_KEY'],
      ['account', '12345'],
      ['certificateArn', 'arn:aws:acm:eu-west-1:123456789012:certificate/abc'],
    ]) {
      expect(
        () =>
          createEscrowApp({
            context: {
              ...cdkContext,
              ...prodSettings,
              domainName: 'app.middleman.ng',
              [key as string]: value,
              ...withoutBundling,
            },
          }),
        `${key}=${value}`,
      ).toThrow(StageSettingsError);
    }
  });

  it.each([
    [
      'captchaSiteKey',
      '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
      "-c captchaSiteKey=<a live reCAPTCHA v3 site key, not Google's public test key>",
    ],
    [
      'flutterwavePublicKey',
      'FLWPUBK_TEST-0f1e2d3c4b5a69788796a5b4c3d2e1f0-X',
      '-c flutterwavePublicKey=<a live Flutterwave public key (FLWPUBK-), not a test key>',
    ],
    ['captchaSiteKey', 'xxx', `-c captchaSiteKey=<the reCAPTCHA v3 site key (Google's admin console), not the stand-in "xxx">`],
    [
      'flutterwavePublicKey',
      'TODO',
      `-c flutterwavePublicKey=<the Flutterwave public key (the provider's dashboard), not the stand-in "TODO">`,
    ],
  ])('refuses to synthesize prod with %s=%s, in one line naming the setting', (key, value, line) => {
    let message = '';
    try {
      createEscrowApp({ context: { ...cdkContext, ...prodSettings, [key]: value, ...withoutBundling } });
    } catch (error) {
      expect(error).toBeInstanceOf(StageSettingsError);
      message = (error as Error).message;
    }
    expect(message).toBe(`Stage "prod" cannot be deployed without: ${line}.`);
  });

  it('lets dev use the providers’ test keys', () => {
    expect(() =>
      createEscrowApp({
        context: {
          ...cdkContext,
          ...deploySettings,
          captchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
          ...withoutBundling,
        },
      }),
    ).not.toThrow();
  });

  it('refuses to publish a stage without a web build, in one line', () => {
    const empty = mkdtempSync(join(tmpdir(), 'escrow-nodist-'));
    expect(() => synth({ stage: 'dev', webDist: empty, ...withoutBundling })).toThrow(/^No web build at .*npm run build/);
  });

  it('synthesizes prod with its settings without any example.com or placeholder in the templates or the published config', () => {
    const { app } = synth({
      ...prodSettings,
      domainName: 'app.middleman.ng',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab',
      ...withoutBundling,
    });
    const assembly = app.synth();
    const files = filesUnder(assembly.directory).filter((f) => f.endsWith('.template.json') || f.endsWith('config.json'));
    expect(files.some((f) => f.endsWith('config.json'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/example\.(com|org|net)|REPLACE_WITH/);
    }
  });

  it('makes the sender domain an SES identity with DKIM in a mail stack the stage stack waits for, and sends from it', () => {
    const { stack, mail, template } = synth({ stage: 'dev', ...withoutBundling });
    Template.fromStack(mail).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.middleman.ng',
      DkimAttributes: { SigningEnabled: true },
    });
    expect(Object.keys(Template.fromStack(mail).findOutputs('*')).filter((o) => o.startsWith('DkimRecord'))).toHaveLength(3);
    expect(stack.dependencies).toContain(mail);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ From: 'no-reply@mail.middleman.ng', EmailSendingAccount: 'DEVELOPER' }),
    });
  });

  it('sends the functions’ emails through a configuration set that suppresses addresses that bounce or complain', () => {
    const { mail, template } = synth({ stage: 'dev', ...withoutBundling });
    Template.fromStack(mail).hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'escrow-dev',
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    const senders = resources(template, 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.MAIL_CONFIGURATION_SET,
    );
    expect(senders.length).toBeGreaterThan(0);
    for (const [, fn] of senders)
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.MAIL_CONFIGURATION_SET).toBe(
        'escrow-dev',
      );
    // Each sender may send through that set, and only that one.
    const policies = JSON.stringify(resources(template, 'AWS::IAM::Policy').map(([, p]) => p.Properties));
    expect(policies).toContain(':configuration-set/escrow-dev"');
    expect(policies).not.toMatch(/:configuration-set\/(?!escrow-dev")/);
  });

  it('serves a custom domain with its certificate, links emails to it, and outputs the distribution’s name its DNS record points at', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab';
    const { template } = synth({ stage: 'dev', domainName: 'app.middleman.ng', certificateArn, ...withoutBundling });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.middleman.ng'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    const functions = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn));
    for (const [, fn] of functions) expect(fn.Properties.Environment.Variables[envNames.appUrl]).toBe('https://app.middleman.ng');
    // The app's address is the domain; the name its DNS record points at is an output of its own.
    const [[distributionId]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const outputs = template.toJSON().Outputs;
    expect(outputs.AppUrl.Value).toBe('https://app.middleman.ng');
    expect(JSON.stringify(outputs.DistributionDomainName.Value)).toContain(distributionId);
  });

  it('names the stage’s own API in the Content-Security-Policy when it has a custom domain, without a dependency cycle', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab';
    const { app, template } = synth({ stage: 'dev', domainName: 'app.middleman.ng', certificateArn, ...withoutBundling });
    const [[apiId]] = resources(template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]];
    const eventApiId = eventApiOf(template);
    expect(directivesOf(contentSecurityPolicyOf(template).header)['connect-src']).toEqual([
      "'self'",
      `<${apiId}.ApiEndpoint>`,
      'https://cognito-idp.eu-west-1.amazonaws.com',
      // The Event API: its HTTP host (posts) and its realtime host (the WebSocket).
      `https://<${eventApiId}.Dns.Http>`,
      `wss://<${eventApiId}.Dns.Realtime>`,
      'https://*.s3.eu-west-1.amazonaws.com',
      'https://*.s3.amazonaws.com',
    ]);
    // Synth runs CloudFormation's validation, which refuses circular dependencies.
    expect(() => app.synth()).not.toThrow();
  });

  it('caches hashed assets for a year as immutable, and the HTML pages, config.json, robots.txt and the sitemap never', () => {
    const { template, app } = synth({ stage: 'dev', ...withoutBundling });
    app.synth();
    const deployments = resources(template, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    expect(deployments.map((d) => d.SystemMetadata?.['cache-control']).sort()).toEqual([
      'no-cache',
      'public, max-age=31536000, immutable',
    ]);
    for (const d of deployments) expect(d.Prune).toBe(false);
    // Which files each publishes: the web build's go in its directory sources, the others are data.
    const filesOf = (d: Json) =>
      (d.SourceObjectKeys as string[])
        .map((key) => join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`))
        .filter((dir) => existsSync(dir))
        .flatMap((dir) =>
          readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => e.name),
        )
        .sort();
    const byCache = Object.fromEntries(deployments.map((d) => [d.SystemMetadata['cache-control'], filesOf(d)]));
    expect(byCache['public, max-age=31536000, immutable']).toEqual(['index-3f2a9c.js']);
    expect(byCache['no-cache']).toEqual(['app.html', 'config.json', 'index.html', 'pricing.html', 'robots.txt', 'sitemap.xml']);
  });

  it('answers a pre-rendered page with its own file, other paths without a file extension with the app shell (a missing file is an error, not the app)', async () => {
    const { spaFallbackCode } = await import('../../lib/web');
    const handler = new Function(`${spaFallbackCode}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const route = (uri: string) => handler({ request: { uri } }).uri;
    expect(route('/')).toBe('/index.html');
    expect(route('/pricing')).toBe('/pricing.html');
    expect(route('/pricing/')).toBe('/pricing.html');
    expect(route('/need-help')).toBe('/need-help.html');
    expect(route('/dashboard')).toBe('/app.html');
    expect(route('/contract-analytics/01H8X')).toBe('/app.html');
    expect(route('/pricing/extra')).toBe('/app.html');
    expect(route('/config.json')).toBe('/config.json');
    expect(route('/assets/index-3f2a9c.js')).toBe('/assets/index-3f2a9c.js');
  });

  it('keeps ID and access tokens 15 minutes at most, and lets the web client write only what sign-up sets', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', IdToken: 'minutes' }),
      WriteAttributes: ['email', 'name'],
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([Match.objectLike({ Name: 'email', Mutable: false })]),
    });
  });

  it('gives secure-signup a timeout that covers the captcha, SignUp with its triggers and the undo', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    const [, signup] = functionTagged(template, 'route:secure-signup');
    expect(signup.Properties.Timeout).toBe(25);
    expect(signup.Properties.Timeout).toBeLessThan(30);
  });

  it('creates the provider keys empty (ops put them; no deploy regenerates over them) and generates only our own', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    const secrets = resources(template, 'AWS::SecretsManager::Secret').map(([, secret]) => secret.Properties);
    const generated = secrets.filter((p) => p.GenerateSecretString).map((p) => p.Description as string);
    const empty = secrets.filter((p) => !p.GenerateSecretString && !p.SecretString).map((p) => p.Description as string);
    expect(empty).toEqual([expect.stringMatching(/^reCAPTCHA/), expect.stringMatching(/^Flutterwave v3 secret key/)]);
    expect(generated).toEqual([expect.stringMatching(/^HMAC/), expect.stringMatching(/^Flutterwave webhook/)]);
    // Ops find each secret by an output of the stack, the webhook hash with where it goes.
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown; Description?: string }>;
    const secretIds = resources(template, 'AWS::SecretsManager::Secret').map(([id]) => id);
    for (const name of ['CaptchaSecretArn', 'FlutterwaveSecretKeyArn', 'FlutterwaveWebhookHashArn', 'AppSecretArn'])
      expect(
        secretIds.map((id) => ({ Ref: id })),
        name,
      ).toContainEqual(outputs[name]?.Value);
    expect(outputs.FlutterwaveWebhookHashArn?.Description).toMatch(/Flutterwave's dashboard as the webhook secret hash/);
  });

  it('protects prod: termination protection on both stacks, Cognito Plus with threat protection in audit mode, a named account', () => {
    const { stack, mail, template } = synth({ ...prodSettings, ...withoutBundling });
    expect(stack.terminationProtection).toBe(true);
    expect(mail.terminationProtection).toBe(true);
    expect(stack.account).toBe('123456789012');
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT', AdvancedSecurityAdditionalFlows: { CustomAuthMode: 'AUDIT' } },
    });
    const dev = synth({ stage: 'dev', ...withoutBundling });
    expect(dev.stack.terminationProtection).toBe(false);
  });

  it('alarms ops on one topic: every function’s errors and throttles, the API’s 5xx, triggers near 5 s, failed executions; one dashboard', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    const [[topicId]] = resources(template, 'AWS::SNS::Topic') as [[string, Resource]];
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const alarm of alarms) expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([{ Ref: topicId }]);
    const watched = (metricName: string) =>
      alarms.flatMap((a) =>
        [
          a,
          ...((a.Metrics ?? []) as Array<{ MetricStat?: { Metric: Record<string, unknown> } }>).map(
            (m) => m.MetricStat?.Metric ?? {},
          ),
        ]
          .filter((m) => m.MetricName === metricName)
          .map((m) => JSON.stringify((m.Dimensions as unknown[] | undefined) ?? [])),
      );
    const functions = resources(template, 'AWS::Lambda::Function').filter(([, fn]) => tagOf(fn));
    for (const [id, fn] of functions) {
      const dimension = JSON.stringify([{ Name: 'FunctionName', Value: { Ref: id } }]);
      expect(watched('Errors'), `${tagOf(fn)} errors`).toContain(dimension);
      expect(watched('Throttles'), `${tagOf(fn)} throttles`).toContain(dimension);
    }
    const triggers = functions.filter(([, fn]) => tagOf(fn)?.startsWith('trigger:'));
    expect(watched('Duration')).toHaveLength(triggers.length);
    expect(alarms.filter((a) => a.Threshold === 4000)).toHaveLength(triggers.length);
    expect(watched('5xx')).toHaveLength(1);
    expect(alarms.some((a) => /execution failed or timed out/.test(a.AlarmDescription))).toBe(true);
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('names the retained executions log group after the stack’s own id, so a stack created again does not collide with it', () => {
    const { template } = synth({ ...prodSettings, ...withoutBundling });
    const [[, group]] = resources(template, 'AWS::Logs::LogGroup').filter(([, g]) =>
      String(JSON.stringify(g.Properties.LogGroupName)).includes('/aws/vendedlogs/states/escrow-prod-contracts-'),
    ) as [[string, Resource]];
    expect(group.DeletionPolicy).toBe('Retain');
    expect(group.Properties.LogGroupName).toEqual({
      'Fn::Join': [
        '',
        ['/aws/vendedlogs/states/escrow-prod-contracts-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }],
      ],
    });
  });

  it('pages ops when money is stuck, refused, does not reconcile or is not covered: an alarm on payouts failed, refunds failed, payments refused, reconciliation differences, payouts, refunds and executions waiting for ops, refunds waiting a week for bank details, and a provider short of what customers are owed, the metrics the functions write', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    const [[topicId]] = resources(template, 'AWS::SNS::Topic') as [[string, Resource]];
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const name of ['PayoutsFailed', 'RefundsFailed', 'PaymentsRefused', 'ReconciliationDifferences', 'EmailsNotSent']) {
      const alarm = alarms.find((a) => a.MetricName === name);
      expect(alarm, name).toMatchObject({
        Namespace: 'Escrow',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: topicId }],
      });
      expect(alarm?.Dimensions).toEqual([
        { Name: 'service', Value: 'escrow' },
        { Name: 'stage', Value: 'dev' },
      ]);
    }
    expect(alarms.find((a) => a.MetricName === 'PayoutsFailed')?.AlarmDescription).toMatch(/payout failed for good/);
    expect(alarms.find((a) => a.MetricName === 'ExecutionsWaitingForOps')?.AlarmDescription).toMatch(
      /npm run resume-execution -- <contractId>/,
    );
    // What waits for ops is a gauge: its alarm stays raised for as long as anything waits.
    for (const name of ['PayoutsWaitingForOps', 'RefundsWaitingForOps', 'ExecutionsWaitingForOps']) {
      expect(
        alarms.find((a) => a.MetricName === name),
        name,
      ).toMatchObject({
        Namespace: 'Escrow',
        Statistic: 'Maximum',
        Period: 900,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'ignore',
        Dimensions: [
          { Name: 'service', Value: 'escrow' },
          { Name: 'stage', Value: 'dev' },
        ],
        AlarmActions: [{ Ref: topicId }],
      });
    }
    // A refund waiting over 7 days for its buyer's bank account pages like what waits for ops; the
    // count of those waiting at all is graphed, paged by none (the buyer is reminded).
    expect(alarms.find((a) => a.MetricName === 'RefundsAwaitingBankDetailsOver7Days')).toMatchObject({
      Namespace: 'Escrow',
      Statistic: 'Maximum',
      Period: 900,
      Threshold: 0,
      TreatMissingData: 'ignore',
      AlarmActions: [{ Ref: topicId }],
    });
    expect(alarms.find((a) => a.MetricName === 'RefundsAwaitingBankDetails')).toBeUndefined();
    // The provider short of what customers are owed, in any currency: one alarm on the worst.
    const shortfall = alarms.find((a) => a.AlarmDescription?.startsWith('The provider holds less than customers are owed'));
    expect(shortfall).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'ignore',
      AlarmActions: [{ Ref: topicId }],
    });
    const queries = shortfall?.Metrics as Array<{ Id: string; Expression?: string; MetricStat?: Json; ReturnData?: boolean }>;
    expect(queries.find((q) => q.Expression)?.Expression).toBe(`MAX([${currencyCodes.map((_, i) => `s${i}`).join(', ')}])`);
    expect(queries.filter((q) => q.MetricStat).map((q) => q.MetricStat)).toEqual(
      currencyCodes.map((currency) => ({
        Metric: {
          Namespace: 'Escrow',
          MetricName: 'ProviderShortfall',
          Dimensions: [
            { Name: 'currency', Value: currency },
            { Name: 'service', Value: 'escrow' },
            { Name: 'stage', Value: 'dev' },
          ],
        },
        Period: 900,
        Stat: 'Maximum',
      })),
    );
    // The dashboard graphs the money that moved each day, what the ledger held at each day's end,
    // what waits, and the provider's shortfall.
    const [[, dashboard]] = resources(template, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of [
      'MoneyIn',
      'MoneyPaidOut',
      'MoneyRefunded',
      'Fees',
      'MoneyHeld',
      'ReconciliationDifferences',
      'RefundsAwaitingBankDetails',
      'RefundsAwaitingBankDetailsOver7Days',
      'ProviderShortfall',
    ])
      expect(body, name).toContain(name);
    // Each escrow currency apart, as the ledger keeps it.
    for (const currency of escrowCurrencies) {
      expect(body).toContain(`Money per day (${currency}, minor units)`);
      expect(body).toContain(`The provider short of what customers are owed (${currency}, minor units)`);
    }
  });

  it('deploys a state machine in which no execution can fail with money inside: every Task state catches everything and retries Lambda’s transient invoke errors', () => {
    const { template } = synth({ stage: 'dev', ...withoutBundling });
    const [[, machine]] = resources(template, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    const states = (
      JSON.parse(machine.Properties.DefinitionString) as {
        States: Record<
          string,
          { Type: string; Retry?: Array<{ ErrorEquals: string[] }>; Catch?: Array<{ ErrorEquals: string[]; Next: string }> }
        >;
      }
    ).States;
    const taskStates = Object.entries(states).filter(([, state]) => state.Type === 'Task');
    expect(taskStates.map(([name]) => name).sort()).toEqual(tasks.map((t) => t.state).sort());
    const lambdaErrors = [
      'Lambda.ServiceException',
      'Lambda.AWSLambdaException',
      'Lambda.SdkClientException',
      'Lambda.TooManyRequestsException',
    ];
    for (const [name, state] of taskStates) {
      const catchAll = state.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'));
      expect(catchAll, `${name} catches everything`).toBeDefined();
      expect(states[catchAll?.Next ?? '']?.Type, `${name}'s Catch leads somewhere`).toBeDefined();
      expect(
        state.Retry?.some((r) => lambdaErrors.every((e) => r.ErrorEquals.includes(e))),
        `${name} retries Lambda's transient errors`,
      ).toBe(true);
    }
    // Where what cannot go on waits for ops, and the Fail state nobody reaches: there is none.
    expect(Object.values(states).filter((s) => s.Type === 'Fail')).toEqual([]);
    expect(states.HoldForOps?.Type).toBe('Task');
    expect(states.AwaitOps?.Type).toBe('Task');
  });

  it('keeps every stack, nested ones included, under 400 resources: room to grow below CloudFormation’s 500', () => {
    const { stack, mail } = synth({
      ...prodSettings,
      domainName: 'app.middleman.ng',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab',
      ...withoutBundling,
    });
    const nested = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
    expect(nested.length).toBeGreaterThan(0);
    for (const s of [stack, mail, ...nested]) {
      const count = Object.keys(Template.fromStack(s).toJSON().Resources as object).length;
      expect(count, s.node.path).toBeLessThan(400);
    }
  });
});
