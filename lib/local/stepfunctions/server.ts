import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readBody } from '../http-util';
import { SfnError } from './errors';
import { executionPage, executionsPage } from './pages';
import type { StepFunctionsService } from './service';

const targetPrefix = 'AWSStepFunctions.';
const contentType = 'application/x-amz-json-1.0';

/**
 * The Step Functions JSON protocol (awsJson1_0): `POST /` with `x-amz-target:
 * AWSStepFunctions.<Operation>`, errors as HTTP 400 `{ __type, message }`. `GET /` and
 * `GET /executions/<name>` are the executions pages for people (the SDK only ever POSTs).
 */
export function stepFunctionsRequestListener(service: StepFunctionsService): RequestListener {
  return (req, res) => {
    handle(service, req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { __type: 'InternalFailure', message: String((error as Error)?.message ?? error) });
    });
  };
}

async function handle(service: StepFunctionsService, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  let input: Record<string, unknown>;
  try {
    const parsed = JSON.parse((await readBody(req)).toString('utf8') || '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    input = parsed as Record<string, unknown>;
  } catch {
    reply(res, 400, { __type: 'SerializationException', message: 'Malformed request body' });
    return;
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
