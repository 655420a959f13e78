import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readBody } from '../http-util';
import { AccessDeniedError, type IamRequest, type LocalIam, SignatureError } from '../iam/authority';
import { SfnError } from './errors';
import { executionPage, executionsPage } from './pages';
import type { StepFunctionsService } from './service';

const targetPrefix = 'AWSStepFunctions.';
const contentType = 'application/x-amz-json-1.0';

/**
 * What a Step Functions API request asks IAM: `states:<Operation>` on the state machine (starting
 * and listing executions), on the execution (reading, stopping, redriving one), and for the task
 * answers on the state machine of the execution the token belongs to, as AWS authorizes them
 * (authority.ts); a token that belongs to no running task asks on `*`.
 */
export function stepFunctionsRequests(
  service: StepFunctionsService,
  operation: string,
  input: Record<string, unknown>,
): IamRequest[] {
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : undefined);
  const resource =
    text('stateMachineArn') ??
    text('executionArn') ??
    (text('taskToken') && service.stateMachineOfToken(text('taskToken') as string)) ??
    '*';
  return [{ action: `states:${operation}`, resource }];
}

/**
 * The Step Functions JSON protocol (awsJson1_0): `POST /` with `x-amz-target:
 * AWSStepFunctions.<Operation>`, errors as HTTP 400 `{ __type, message }`. `GET /` and
 * `GET /executions/<name>` are the executions pages for people (the SDK only ever POSTs). With
 * `iam`, every API request must be signed by a principal allowed what it asks, as in AWS.
 */
export function stepFunctionsRequestListener(service: StepFunctionsService, iam?: LocalIam): RequestListener {
  return (req, res) => {
    handle(service, iam, req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { __type: 'InternalFailure', message: String((error as Error)?.message ?? error) });
    });
  };
}

async function handle(
  service: StepFunctionsService,
  iam: LocalIam | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (req.method === 'GET' || req.method === 'HEAD') {
    const html = path === '/' ? executionsPage(service.store) : pageFor(service, path);
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No such execution');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    return;
  }
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation =
    req.method === 'POST' && target.startsWith(targetPrefix) && service.operations[target.slice(targetPrefix.length)];
  if (!operation) {
    reply(res, 400, { __type: 'UnknownOperationException', message: `Unknown operation ${target}` });
    return;
  }
  const body = await readBody(req);
  let input: Record<string, unknown>;
  try {
    const parsed = JSON.parse(body.toString('utf8') || '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    input = parsed as Record<string, unknown>;
  } catch {
    reply(res, 400, { __type: 'SerializationException', message: 'Malformed request body' });
    return;
  }
  if (iam) {
    try {
      const principal = await iam.authenticate({ method: 'POST', url: req.url ?? '/', headers: req.headers, body }, 'states');
      await iam.authorize(principal, stepFunctionsRequests(service, target.slice(targetPrefix.length), input));
    } catch (error) {
      if (!(error instanceof SignatureError || error instanceof AccessDeniedError)) throw error;
      const type = error instanceof SignatureError ? error.type : 'AccessDeniedException';
      reply(res, 400, { __type: `com.amazon.coral.service#${type}`, message: error.message }, type);
      return;
    }
  }
  try {
    reply(res, 200, await operation(input));
  } catch (error) {
    if (!(error instanceof SfnError)) throw error;
    reply(res, 400, { __type: error.type, message: error.message }, error.type);
  }
}

function pageFor(service: StepFunctionsService, path: string): string | undefined {
  const match = /^\/executions\/([^/]+)$/.exec(path);
  if (!match?.[1]) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return executionPage(service.store, name);
}

function reply(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': contentType, 'x-amzn-requestid': randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}
