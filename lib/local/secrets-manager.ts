import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen, readBody } from './http-util';
import { AccessDeniedError, type LocalIam, SignatureError } from './iam/authority';

/** One secret as the stand-in keeps it: its full ARN (name plus Secrets Manager's 6-character suffix) and value. */
export interface LocalSecret {
  arn: string;
  value: string;
}

export interface LocalSecretsManager {
  endpoint: string;
  stop(): Promise<void>;
}

const targetPrefix = 'secretsmanager.';

/** The name in a secret's ARN (`arn:aws:secretsmanager:<region>:<account>:secret:<name>-AbCdEf`), without the suffix. */
function nameOf(arn: string): string {
  return (arn.split(':secret:')[1] ?? arn).replace(/-[A-Za-z0-9]{6}$/, '');
}

/**
 * Secrets Manager's JSON API (awsJson1_1) for the stage's secrets, behind IAM like every local AWS
 * endpoint: GetSecretValue and DescribeSecret, found by full ARN, by name or by ARN without its
 * suffix, as AWS finds them; a request is checked (signature, then `secretsmanager:<Operation>` on
 * the secret's ARN) before the secret is looked up, so a principal without the grant learns nothing.
 * Values come from the local cloud's settings (its data directory): never from the repository.
 */
export async function startLocalSecretsManager(options: {
  port: number;
  iam: LocalIam;
  secrets: LocalSecret[];
}): Promise<LocalSecretsManager> {
  const created = Date.now() / 1000;
  const find = (id: string) => options.secrets.find((s) => s.arn === id || nameOf(s.arn) === id || s.arn.startsWith(`${id}-`));
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      reply(res, 500, { __type: 'InternalServiceError', Message: String((error as Error)?.message ?? error) }),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req, 1024 * 1024);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(targetPrefix) ? target.slice(targetPrefix.length) : '';
    let input: { SecretId?: unknown };
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as { SecretId?: unknown };
    } catch {
      return reply(res, 400, { __type: 'SerializationException', Message: 'Malformed request body' });
    }
    const id = typeof input.SecretId === 'string' ? input.SecretId : '';
    const secret = find(id);
    try {
      const principal = await options.iam.authenticate(
        { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
        'secretsmanager',
      );
      const resource =
        secret?.arn ??
        (id.startsWith('arn:')
          ? id
          : `arn:aws:secretsmanager:${options.iam.names.region}:${options.iam.names.accountId}:secret:${id}`);
      await options.iam.authorize(principal, [{ action: `secretsmanager:${operation || 'Unknown'}`, resource }]);
    } catch (error) {
      if (error instanceof SignatureError) return reply(res, 400, { __type: error.type, Message: error.message });
      if (error instanceof AccessDeniedError) return reply(res, 400, { __type: 'AccessDeniedException', Message: error.message });
      throw error;
    }
    if (operation !== 'GetSecretValue' && operation !== 'DescribeSecret')
      return reply(res, 400, { __type: 'UnknownOperationException', Message: `Unknown operation ${target}` });
    if (!id)
      return reply(res, 400, {
        __type: 'ValidationException',
        Message: "1 validation error detected: Value null at 'secretId' failed to satisfy constraint: Member must not be null",
      });
    if (!secret)
      return reply(res, 400, {
        __type: 'ResourceNotFoundException',
        Message: "Secrets Manager can't find the specified secret.",
      });
    const described = { ARN: secret.arn, Name: nameOf(secret.arn), CreatedDate: created };
    if (operation === 'DescribeSecret')
      return reply(res, 200, { ...described, VersionIdsToStages: { [versionOf(secret)]: ['AWSCURRENT'] } });
    return reply(res, 200, {
      ...described,
      SecretString: secret.value,
      VersionId: versionOf(secret),
      VersionStages: ['AWSCURRENT'],
    });
  }

  const port = await listen(server, options.port);
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => close(server) };
}

/** A stable version id per value, shaped like Secrets Manager's (a UUID). */
function versionOf(secret: LocalSecret): string {
  const hex = createHash('sha256').update(secret.arn).update(secret.value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const type = status >= 400 ? String((body as { __type?: string }).__type ?? '') : undefined;
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
    ...(type ? { 'x-amzn-errortype': type } : {}),
  });
  res.end(JSON.stringify(body));
}
