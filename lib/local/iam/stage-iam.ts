import { createHash } from 'node:crypto';
import { type CfnJson, type CfnPlace, type CfnTemplate, type PhysicalResource, resolveIntrinsics } from './cloudformation';

/** An IAM policy document, as IAM evaluates it. */
export interface PolicyDocument {
  Version?: string;
  Statement: CfnJson[];
}

/** One function of the stage as Lambda runs it: who it is to IAM, and the environment CDK gives it. */
export interface StageFunction {
  /** The `escrow:function` tag: `route:<name>`, `task:<State>`, `trigger:<name>`, `schedule:<name>`, `realtime:authorizer`. */
  purpose: string;
  functionName: string;
  roleArn: string;
  /** Every policy attached to its role, resolved to the place's names. */
  policies: PolicyDocument[];
  /** Its environment variables with their values resolved to the place (the local cloud replaces endpoints and URLs). */
  environment: Record<string, string>;
  timeoutSeconds: number;
}

/** The IAM and environment facts of a synthesized stage, resolved for one place (the local cloud). */
export interface StageIam {
  /** By purpose tag. */
  functions: Record<string, StageFunction>;
  /** The IAM groups people are added to (`escrow-<stage>-finance`, `-ops`), by group name, with every policy they hold. */
  groups: Record<string, PolicyDocument[]>;
  /** The stack's outputs, resolved. */
  outputs: Record<string, string>;
  /** The stage's S3 buckets by local name, with their CORS rules resolved (the local S3 serves them: lib/local/s3.ts). */
  buckets: Record<string, { cors: BucketCorsRule[] }>;
}

/** One rule of a bucket's CorsConfiguration, as CloudFormation takes it. */
export interface BucketCorsRule {
  AllowedMethods: string[];
  AllowedOrigins: string[];
  AllowedHeaders?: string[];
  ExposedHeaders?: string[];
  MaxAge?: number;
}

/** What the resources of the template are called at the place: the local stand-ins' names. */
export interface LocalNames extends CfnPlace {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The AppSync Events API's id, which its channel namespaces' ARNs carry. */
  eventsApiId: string;
}

/** The `escrow:function` tag (lib/function.ts FUNCTION_TAG; not imported, to keep CDK's constructs out of the local cloud). */
const functionTag = 'escrow:function';

/**
 * Reads from a flattened template (cloudformation.ts) what the local cloud needs to run each
 * function as Lambda would: its role's policies and its environment, every intrinsic resolved to
 * the local stand-ins' names. A secret's local ARN carries a suffix made from its logical id, as
 * Secrets Manager appends six random characters to a secret's name.
 */
export function stageIam(template: CfnTemplate, names: LocalNames): StageIam {
  const arn = (service: string, resource: string, global = false) =>
    `arn:aws:${service}:${global ? '' : names.region}:${names.accountId}:${resource}`;
  const cache = new Map<string, PhysicalResource>();
  const resources = template.Resources;
  const physical = (logicalId: string): PhysicalResource => {
    const known = cache.get(logicalId);
    if (known) return known;
    const resource = resources[logicalId];
    const props = resource?.Properties ?? {};
    const named = (key: string, fallback: string): string => {
      const value = props[key];
      return value === undefined ? fallback : String(resolve(value));
    };
    let found: PhysicalResource;
    switch (resource?.Type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table': {
        const tableArn = arn('dynamodb', `table/${names.tableName}`);
        found = { ref: names.tableName, attributes: { Arn: tableArn, StreamArn: `${tableArn}/stream/local` } };
        break;
      }
      case 'AWS::SecretsManager::Secret': {
        const name = named('Name', `${names.stackName}/${logicalId}`);
        const suffix = createHash('sha256').update(logicalId).digest('base64url').replace(/[-_]/g, 'x').slice(0, 6);
        const secretArn = arn('secretsmanager', `secret:${name}-${suffix}`);
        found = { ref: secretArn, attributes: { Id: secretArn } };
        break;
      }
      case 'AWS::Cognito::UserPool':
        found = {
          ref: names.userPoolId,
          attributes: {
            Arn: arn('cognito-idp', `userpool/${names.userPoolId}`),
            ProviderName: `cognito-idp.${names.region}.amazonaws.com/${names.userPoolId}`,
            ProviderURL: `https://cognito-idp.${names.region}.amazonaws.com/${names.userPoolId}`,
          },
        };
        break;
      case 'AWS::Cognito::UserPoolClient':
        found = { ref: names.userPoolClientId, attributes: { ClientId: names.userPoolClientId } };
        break;
      case 'AWS::StepFunctions::StateMachine': {
        const name = named('StateMachineName', logicalId);
        const machineArn = arn('states', `stateMachine:${name}`);
        found = { ref: machineArn, attributes: { Arn: machineArn, Name: name } };
        break;
      }
      case 'AWS::AppSync::Api': {
        const apiArn = arn('appsync', `apis/${names.eventsApiId}`);
        found = {
          ref: apiArn,
          attributes: {
            ApiId: names.eventsApiId,
            ApiArn: apiArn,
            'Dns.Http': `${names.eventsApiId}.appsync-api.${names.region}.amazonaws.com`,
            'Dns.Realtime': `${names.eventsApiId}.appsync-realtime-api.${names.region}.amazonaws.com`,
          },
        };
        break;
      }
      case 'AWS::AppSync::ChannelNamespace': {
        const namespaceArn = arn('appsync', `apis/${names.eventsApiId}/channelNamespace/${named('Name', logicalId)}`);
        found = { ref: namespaceArn, attributes: { ChannelNamespaceArn: namespaceArn } };
        break;
      }
      case 'AWS::Logs::LogGroup': {
        const name = named('LogGroupName', `/aws/lambda/${logicalId}`);
        found = { ref: name, attributes: { Arn: arn('logs', `log-group:${name}:*`) } };
        break;
      }
      case 'AWS::IAM::Role': {
        const name = named('RoleName', `${names.stackName}-${logicalId}`);
        found = { ref: name, attributes: { Arn: arn('iam', `role/${name}`, true), RoleId: `AROA${hashId(logicalId)}` } };
        break;
      }
      case 'AWS::IAM::ManagedPolicy': {
        const policyArn = arn('iam', `policy/${named('ManagedPolicyName', logicalId)}`, true);
        found = { ref: policyArn, attributes: { PolicyArn: policyArn } };
        break;
      }
      case 'AWS::IAM::Group': {
        const name = named('GroupName', logicalId);
        found = { ref: name, attributes: { Arn: arn('iam', `group/${name}`, true) } };
        break;
      }
      case 'AWS::Lambda::Function': {
        const name = named('FunctionName', `${names.stackName}-${logicalId}`);
        found = { ref: name, attributes: { Arn: arn('lambda', `function:${name}`) } };
        break;
      }
      case 'AWS::S3::Bucket': {
        // S3's names are global and lower case: the stack's name and the logical id, as CloudFormation makes one up.
        const name = named('BucketName', `${names.stackName}-${logicalId}`.toLowerCase().slice(0, 63));
        found = {
          ref: name,
          attributes: {
            Arn: `arn:aws:s3:::${name}`,
            DomainName: `${name}.s3.amazonaws.com`,
            RegionalDomainName: `${name}.s3.${names.region}.amazonaws.com`,
          },
        };
        break;
      }
      case 'AWS::SNS::Topic': {
        const topicArn = arn('sns', named('TopicName', logicalId));
        found = { ref: topicArn, attributes: { TopicArn: topicArn, TopicName: named('TopicName', logicalId) } };
        break;
      }
      default:
        // Anything else the functions' policies or environments might name: an opaque local name
        // that matches no other resource, so a grant on it allows nothing here either.
        found = {
          ref: `${names.stackName}-${logicalId}`,
          attributes: new Proxy({}, { get: (_, a) => `${logicalId}.${String(a)}` }),
        };
    }
    cache.set(logicalId, found);
    return found;
  };
  const resolve = (node: CfnJson) => resolveIntrinsics(node, template, names, physical);

  const policiesOf = (kind: 'Roles' | 'Groups', logicalId: string, own: Record<string, CfnJson>): PolicyDocument[] => {
    const refersHere = (list: unknown) => Array.isArray(list) && list.some((r) => r?.Ref === logicalId);
    const attached = Object.values(resources).filter(
      (r) => (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') && refersHere(r.Properties?.[kind]),
    );
    const managed = ((own.ManagedPolicyArns ?? []) as CfnJson[]).map((ref) => {
      const id = ref?.Ref;
      const policy = typeof id === 'string' ? resources[id] : undefined;
      if (policy?.Type !== 'AWS::IAM::ManagedPolicy')
        throw new Error(`${logicalId} holds a managed policy the template does not define: ${JSON.stringify(ref)}`);
      return policy;
    });
    const documents = [
      ...((own.Policies ?? []) as Array<{ PolicyDocument: CfnJson }>).map((p) => p.PolicyDocument),
      ...[...attached, ...managed].map((p) => p.Properties?.PolicyDocument),
    ];
    return documents.map((d) => resolve(d) as PolicyDocument);
  };

  const functions: Record<string, StageFunction> = {};
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const props = resource.Properties ?? {};
    const purpose = (props.Tags as Array<{ Key: string; Value: string }> | undefined)?.find((t) => t.Key === functionTag)?.Value;
    if (!purpose) continue; // CDK's own (bucket deployment, log retention): not run locally
    const roleId = props.Role?.['Fn::GetAtt']?.[0];
    const role = typeof roleId === 'string' ? resources[roleId] : undefined;
    if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${purpose}: its role is not a role of the template`);
    functions[purpose] = {
      purpose,
      functionName: physical(logicalId).ref,
      roleArn: physical(roleId).attributes?.Arn as string,
      policies: policiesOf('Roles', roleId, role.Properties ?? {}),
      environment: resolve(props.Environment?.Variables ?? {}),
      timeoutSeconds: Number(props.Timeout ?? 3),
    };
  }
  const groups: Record<string, PolicyDocument[]> = {};
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::IAM::Group') continue;
    groups[physical(logicalId).ref] = policiesOf('Groups', logicalId, resource.Properties ?? {});
  }
  const outputs = Object.fromEntries(
    Object.entries(template.Outputs ?? {}).flatMap(([name, output]) => {
      try {
        return [[name, String(resolve(output.Value))]];
      } catch {
        return []; // an output naming what the local cloud has no value for (the distribution's domain)
      }
    }),
  );
  const buckets: StageIam['buckets'] = {};
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::S3::Bucket') continue;
    const rules = resource.Properties?.CorsConfiguration?.CorsRules;
    buckets[physical(logicalId).ref] = { cors: rules ? (resolve(rules) as BucketCorsRule[]) : [] };
  }
  return { functions, groups, outputs, buckets };
}

function hashId(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 17).toUpperCase();
}
