import { type CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON, navigated by shape
export type CfnJson = any;

/** A synthesized template as CloudFormation reads it. */
export interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: Record<string, CfnJson>; Condition?: string }>;
  Outputs?: Record<string, { Value: CfnJson }>;
  Conditions?: Record<string, CfnJson>;
  Mappings?: Record<string, Record<string, Record<string, CfnJson>>>;
  Parameters?: Record<string, CfnJson>;
}

/** Replaces every `{ Ref: <name> }` whose name `values` has by that value, everywhere in `node`. */
function substitute(node: CfnJson, values: Record<string, CfnJson>): CfnJson {
  if (Array.isArray(node)) return node.map((n) => substitute(n, values));
  if (node === null || typeof node !== 'object') return node;
  const keys = Object.keys(node);
  if (keys.length === 1 && keys[0] === 'Ref' && typeof node.Ref === 'string' && node.Ref in values) return values[node.Ref];
  return Object.fromEntries(keys.map((k) => [k, substitute(node[k], values)]));
}

/** Replaces `{ 'Fn::GetAtt': [<nested stack>, 'Outputs.<name>'] }` by that output's value. */
function resolveOutputs(node: CfnJson, nestedId: string, outputs: Record<string, { Value: CfnJson }>): CfnJson {
  if (Array.isArray(node)) return node.map((n) => resolveOutputs(n, nestedId, outputs));
  if (node === null || typeof node !== 'object') return node;
  const getAtt = node['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[0] === nestedId && String(getAtt[1]).startsWith('Outputs.'))
    return outputs[String(getAtt[1]).slice('Outputs.'.length)]?.Value;
  return Object.fromEntries(Object.keys(node).map((k) => [k, resolveOutputs(node[k], nestedId, outputs)]));
}

/**
 * The stage stack with its nested stacks folded back in: their resources merged, their parameters
 * replaced by what the parent passes, the parent's reads of their outputs by the outputs' values.
 * One graph, as CloudFormation deploys it: what the infra tests assert on, and what the local
 * cloud reads its functions' roles and environments from.
 */
export function flattenedTemplate(stack: Stack): CfnTemplate {
  let parent: CfnJson = Template.fromStack(stack).toJSON();
  for (const nested of stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack)) {
    const nestedJson: CfnJson = Template.fromStack(nested).toJSON();
    const nestedId = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const passed = (parent.Resources[nestedId].Properties.Parameters ?? {}) as Record<string, CfnJson>;
    const resources = substitute(nestedJson.Resources, passed);
    const outputs = substitute(nestedJson.Outputs ?? {}, passed);
    const { [nestedId]: _nestedStack, ...rest } = parent.Resources as Record<string, CfnJson>;
    parent = resolveOutputs({ ...parent, Resources: { ...rest, ...resources } }, nestedId, outputs);
  }
  return parent as CfnTemplate;
}

/** What a resource is called where it runs: its `Ref` and its `Fn::GetAtt` attributes. */
export interface PhysicalResource {
  ref: string;
  attributes?: Record<string, string>;
}

/** The pseudo parameters of the place the template is resolved for. */
export interface CfnPlace {
  region: string;
  accountId: string;
  stackName: string;
}

/**
 * Evaluates CloudFormation's intrinsic functions in `node` as CloudFormation would when it deploys
 * `template` at `place`, each resource being named by `physical`. Hand-written: no kept library
 * evaluates intrinsics offline (cfn-lint and the CDK only read them); this covers the functions CDK
 * emits (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split, Fn::If with the template's
 * Conditions, Fn::FindInMap) and fails loudly on anything else rather than guess.
 */
export function resolveIntrinsics(
  node: CfnJson,
  template: CfnTemplate,
  place: CfnPlace,
  physical: (logicalId: string) => PhysicalResource,
): CfnJson {
  const noValue = Symbol('AWS::NoValue');
  const pseudo: Record<string, string> = {
    'AWS::Region': place.region,
    'AWS::AccountId': place.accountId,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': place.stackName,
    'AWS::StackId': `arn:aws:cloudformation:${place.region}:${place.accountId}:stack/${place.stackName}/00000000-0000-0000-0000-000000000000`,
  };
  const ref = (name: string): string | typeof noValue => {
    if (name === 'AWS::NoValue') return noValue;
    if (name in pseudo) return pseudo[name] as string;
    if (!(name in template.Resources)) throw new Error(`Ref to ${name}, which the template does not have`);
    return physical(name).ref;
  };
  const getAtt = (logicalId: string, attribute: string): string => {
    if (!(logicalId in template.Resources)) throw new Error(`Fn::GetAtt of ${logicalId}, which the template does not have`);
    const value = physical(logicalId).attributes?.[attribute];
    if (value === undefined)
      throw new Error(`No local value for ${logicalId}.${attribute} (${template.Resources[logicalId]?.Type})`);
    return value;
  };
  const condition = (name: string): boolean => {
    const expression = template.Conditions?.[name];
    if (expression === undefined) throw new Error(`Condition ${name} is not in the template`);
    return Boolean(evaluate(expression));
  };
  const text = (value: CfnJson, where: string): string => {
    const resolved = evaluate(value);
    if (typeof resolved !== 'string' && typeof resolved !== 'number')
      throw new Error(`${where} needs a string, got ${JSON.stringify(value)}`);
    return String(resolved);
  };
  const sub = (pattern: string, variables: Record<string, CfnJson>): string =>
    pattern.replace(/\$\{(!?)([^}]+)\}/g, (whole, literal: string, name: string) => {
      if (literal) return whole.replace('${!', '${');
      if (name in variables) return text(variables[name], `Fn::Sub variable ${name}`);
      const dot = name.indexOf('.');
      if (dot > 0 && !name.startsWith('AWS::')) return getAtt(name.slice(0, dot), name.slice(dot + 1));
      const value = ref(name);
      if (value === noValue) throw new Error(`Fn::Sub cannot use AWS::NoValue`);
      return value;
    });

  function evaluate(value: CfnJson): CfnJson {
    if (Array.isArray(value)) return value.map(evaluate).filter((v) => v !== noValue);
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    const [key] = keys;
    if (keys.length === 1 && key !== undefined && (key === 'Ref' || key.startsWith('Fn::') || key === 'Condition')) {
      const args = value[key];
      switch (key) {
        case 'Ref':
          return ref(String(args));
        case 'Condition':
          return condition(String(args));
        case 'Fn::GetAtt': {
          const [logicalId, attribute] = Array.isArray(args) ? args : String(args).split(/\.(.+)/);
          return getAtt(String(logicalId), text(attribute, 'Fn::GetAtt'));
        }
        case 'Fn::Join': {
          const [separator, parts] = args as [string, CfnJson];
          return (evaluate(parts) as CfnJson[]).map((p) => text(p, 'Fn::Join')).join(separator);
        }
        case 'Fn::Sub':
          return Array.isArray(args) ? sub(String(args[0]), args[1] ?? {}) : sub(String(args), {});
        case 'Fn::Select': {
          const [index, list] = args as [CfnJson, CfnJson];
          const items = evaluate(list) as CfnJson[];
          const at = Number(evaluate(index));
          if (!Array.isArray(items) || !(at in items)) throw new Error(`Fn::Select ${at} out of ${JSON.stringify(items)}`);
          return items[at];
        }
        case 'Fn::Split': {
          const [separator, source] = args as [string, CfnJson];
          return text(source, 'Fn::Split').split(separator);
        }
        case 'Fn::If': {
          const [name, whenTrue, whenFalse] = args as [string, CfnJson, CfnJson];
          return evaluate(condition(name) ? whenTrue : whenFalse);
        }
        case 'Fn::Equals': {
          const [a, b] = args as [CfnJson, CfnJson];
          return JSON.stringify(evaluate(a)) === JSON.stringify(evaluate(b));
        }
        case 'Fn::Not':
          return !evaluate((args as CfnJson[])[0]);
        case 'Fn::And':
          return (args as CfnJson[]).every((a) => Boolean(evaluate(a)));
        case 'Fn::Or':
          return (args as CfnJson[]).some((a) => Boolean(evaluate(a)));
        case 'Fn::FindInMap': {
          const [map, top, second] = (args as CfnJson[]).map((a) => text(a, 'Fn::FindInMap'));
          const found = template.Mappings?.[map as string]?.[top as string]?.[second as string];
          if (found === undefined) throw new Error(`Fn::FindInMap ${map}.${top}.${second} is not in the template`);
          return found;
        }
        case 'Fn::Base64':
          return Buffer.from(text(args, 'Fn::Base64')).toString('base64');
        default:
          throw new Error(`${key} is not resolved locally`);
      }
    }
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, evaluate(v)] as const)
        .filter(([, v]) => v !== noValue),
    );
  }

  return evaluate(node);
}
