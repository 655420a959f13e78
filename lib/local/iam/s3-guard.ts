import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { listen, PayloadTooLargeError, readBody } from '../http-util';
import { AccessDeniedError, type IamRequest, type LocalIam, type Principal, SignatureError } from './authority';
import { checkPostPolicy } from './s3-post-policy';
import { type SignedRequest, SigV4Verifier, verifyPostSignature, verifyPresigned } from './sigv4';
import type { BucketCorsRule } from './stage-iam';

/**
 * S3 behind IAM, https only: s3rver takes anyone (it knows one fixed key pair and lets anonymous
 * requests through), so every request reaches it through this front, which refuses what S3 would
 * refuse the same request for the stage's bucket:
 *
 * - plain http (the bucket's policy denies aws:SecureTransport false: enforceSSL) -> 403;
 * - no signature (the bucket blocks all public access), a bad or expired one -> 403, in S3's XML;
 * - a signer whose policies do not allow the action on `arn:aws:s3:::<bucket>/<key>` -> 403;
 * - a browser POST whose policy is expired, unmet or does not cover a field -> 403 / 400 (s3-post-policy.ts);
 * - the bucket's CORS rules from the template: preflights answered, Access-Control-Allow-Origin
 *   only for a listed origin and method.
 *
 * What passes is forwarded unsigned (s3rver would check it against its own key pair); a POST that
 * passes becomes the PUT of its file with the form's Content-Type and metadata, which is what S3
 * stores for it. A presigned GET's response-* overrides are applied here: s3rver takes them only
 * from signed requests.
 */
export interface S3GuardOptions {
  port: number;
  /** s3rver's http endpoint (loopback). */
  target: string;
  iam: LocalIam;
  /** The buckets served, by name, with their CORS rules (origins already local). */
  buckets: Record<string, { cors: BucketCorsRule[] }>;
  tls: { key: string; cert: string };
}

/** Browser POSTs of files of at most 10 MB: a body past this is refused before it is read whole. */
const postBodyLimit = 11 * 1024 * 1024;
/** Anything else the functions send (a copy has no body; a PUT is an evidence file at most). */
const bodyLimit = 64 * 1024 * 1024;

const corsDenied =
  "This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.";

/** An answer S3 gives with its XML error body. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const accessDenied = () => new S3Error(403, 'AccessDenied', 'Access Denied');

/** The same error as S3 words it, from the signature checks' and IAM's errors. */
function s3ErrorOf(error: unknown): S3Error | undefined {
  if (error instanceof S3Error) return error;
  if (error instanceof AccessDeniedError) return new S3Error(403, 'AccessDenied', error.message);
  if (!(error instanceof SignatureError)) return undefined;
  switch (error.type) {
    case 'MissingAuthenticationTokenException':
      return accessDenied();
    case 'UnrecognizedClientException':
    case 'InvalidAccessKeyId':
      return new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    case 'InvalidSignatureException':
      return /^Signature (expired|not yet current)/.test(error.message)
        ? new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.')
        : new S3Error(403, 'SignatureDoesNotMatch', error.message);
    case 'IncompleteSignatureException':
      return new S3Error(400, 'AuthorizationHeaderMalformed', error.message);
    case 'AccessDenied':
      return new S3Error(403, 'AccessDenied', error.message);
    case 'NotImplemented':
      return new S3Error(501, 'NotImplemented', error.message);
    default:
      return new S3Error(400, error.type, error.message);
  }
}

function xml(res: ServerResponse, method: string, status: number, body: string, headers: Record<string, string> = {}) {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId, ...headers });
  res.end(method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function sendError(res: ServerResponse, method: string, error: S3Error, headers: Record<string, string> = {}) {
  const escaped = error.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  xml(
    res,
    method,
    error.status,
    `<Error><Code>${error.code}</Code><Message>${escaped}</Message><RequestId>${requestId}</RequestId><HostId>local</HostId></Error>`,
    headers,
  );
}

const objectArn = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** `/<bucket>/<key>` of an x-amz-copy-source (`bucket/key`, URL-encoded, maybe `?versionId=`). */
function copySource(value: string): { bucket: string; key: string } {
  const [path = ''] = value.split('?');
  const [bucket = '', ...key] = decodeURIComponent(path).replace(/^\//, '').split('/');
  return { bucket, key: key.join('/') };
}

/**
 * What an S3 REST request asks IAM, as S3 authorizes it: an object's read as s3:GetObject, its
 * writes (a PUT, a multipart upload's parts, a copy's destination) as s3:PutObject and a copy's
 * source as s3:GetObject, a delete as s3:DeleteObject, a listing as s3:ListBucket on the bucket.
 * Bucket configuration is not served locally (CDK sets it): refused as not implemented.
 */
export function s3Requests(
  method: string,
  bucket: string,
  key: string,
  query: URLSearchParams,
  headers: IncomingMessage['headers'],
): IamRequest[] {
  const has = (name: string) => query.has(name);
  if (!bucket) {
    if (method === 'GET') return [{ action: 's3:ListAllMyBuckets', resource: '*' }];
  } else if (!key) {
    const listing = [
      'list-type',
      'prefix',
      'delimiter',
      'max-keys',
      'continuation-token',
      'start-after',
      'marker',
      'encoding-type',
    ];
    if ((method === 'GET' || method === 'HEAD') && [...query.keys()].every((k) => listing.includes(k)))
      return [
        { action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}`, context: { 's3:prefix': query.get('prefix') ?? '' } },
      ];
  } else {
    const resource = objectArn(bucket, key);
    const copy = typeof headers['x-amz-copy-source'] === 'string' ? copySource(headers['x-amz-copy-source']) : undefined;
    const readSource = copy ? [{ action: 's3:GetObject', resource: objectArn(copy.bucket, copy.key) }] : [];
    if (has('tagging')) {
      const action = { GET: 's3:GetObjectTagging', PUT: 's3:PutObjectTagging', DELETE: 's3:DeleteObjectTagging' }[method];
      if (action) return [{ action, resource }];
    } else if (has('acl')) {
      // BUCKET_OWNER_ENFORCED: ACLs are off (lib/evidence.ts), so none is served.
    } else if (method === 'GET' || method === 'HEAD') {
      return [{ action: has('uploadId') ? 's3:ListMultipartUploadParts' : 's3:GetObject', resource }];
    } else if (method === 'PUT') {
      // Tags set with the write (x-amz-tagging) need s3:PutObjectTagging as well, as in S3.
      const tags = typeof headers['x-amz-tagging'] === 'string' ? [{ action: 's3:PutObjectTagging', resource }] : [];
      return [{ action: 's3:PutObject', resource }, ...readSource, ...tags];
    } else if (method === 'POST' && (has('uploads') || has('uploadId'))) {
      return [{ action: 's3:PutObject', resource }];
    } else if (method === 'DELETE') {
      return [{ action: has('uploadId') ? 's3:AbortMultipartUpload' : 's3:DeleteObject', resource }];
    }
  }
  throw new S3Error(
    501,
    'NotImplemented',
    `The local S3 does not serve ${method} ${bucket ? `/${bucket}/${key}` : '/'}?${query}`,
  );
}

/** `pattern` with at most one `*`, as S3 matches an AllowedOrigin or AllowedHeader. */
function wildcard(pattern: string, value: string, ignoreCase = false): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, ignoreCase ? 'i' : '').test(value);
}

function corsRuleFor(
  rules: BucketCorsRule[],
  origin: string,
  method: string,
  requestHeaders: string[] | undefined,
): BucketCorsRule | undefined {
  return rules.find(
    (rule) =>
      rule.AllowedOrigins.some((o) => wildcard(o, origin)) &&
      rule.AllowedMethods.includes(method) &&
      (requestHeaders ?? []).every((h) => (rule.AllowedHeaders ?? []).some((allowed) => wildcard(allowed, h, true))),
  );
}

function corsHeaders(rule: BucketCorsRule, origin: string): Record<string, string> {
  const any = rule.AllowedOrigins.includes('*');
  return {
    'access-control-allow-origin': any ? '*' : origin,
    'access-control-allow-methods': rule.AllowedMethods.join(', '),
    ...(any ? {} : { 'access-control-allow-credentials': 'true' }),
    ...(rule.ExposedHeaders?.length ? { 'access-control-expose-headers': rule.ExposedHeaders.join(', ') } : {}),
    ...(rule.MaxAge !== undefined ? { 'access-control-max-age': String(rule.MaxAge) } : {}),
  };
}

const vary = { vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method' };

/** The query parameters that carry a presigned request's signature: S3 reads them, the store never sees them. */
const signatureParams = (name: string) => name.toLowerCase().startsWith('x-amz-');
/** A presigned GET's overrides of its answer's headers, applied here (s3rver takes them only when signed). */
const responseOverrides: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};
const filenamePlaceholder = '$' + '{filename}';
/** What a POST's form may set on the object besides its type. */
const storedFields = (name: string) =>
  ['cache-control', 'content-disposition', 'content-encoding', 'expires'].includes(name) || name.startsWith('x-amz-meta-');

export async function startS3Guard(options: S3GuardOptions): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const target = new URL(options.target);
  const region = options.iam.names.region;
  const verifier = new SigV4Verifier(options.iam.secretOf, region, 's3');

  async function authenticate(req: IncomingMessage, body: Buffer): Promise<Principal> {
    const signed: SignedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
    if (req.headers.authorization) return options.iam.holderOf(await verifier.verify(signed));
    if (new URL(signed.url, 'https://local').searchParams.has('X-Amz-Algorithm'))
      return options.iam.holderOf(await verifyPresigned(signed, options.iam.secretOf, { region, service: 's3' }));
    throw accessDenied();
  }

  /** Sends the request on to s3rver, unsigned; resolves with its status, headers and body. */
  function forward(method: string, path: string, headers: Record<string, string>, body: Buffer) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const sent = request(
        { host: target.hostname, port: target.port, method, path, headers: { ...headers, host: target.host } },
        resolve,
      );
      sent.once('error', reject);
      sent.end(body);
    });
  }

  async function post(req: IncomingMessage, res: ServerResponse, bucket: string, body: Buffer, cors: Record<string, string>) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
    } catch {
      throw new S3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    const fields: Record<string, string> = {};
    let file: File | undefined;
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else if (name.toLowerCase() === 'file') file = value;
    }
    const field = (name: string) => Object.entries(fields).find(([n]) => n.toLowerCase() === name)?.[1];
    if (!file) throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const policy = field('policy');
    const signature = field('x-amz-signature');
    if (!policy || !signature) throw accessDenied();
    const accessKeyId = await verifyPostSignature(
      { policy, signature, credential: field('x-amz-credential') ?? '', algorithm: field('x-amz-algorithm') ?? '' },
      options.iam.secretOf,
      { region, service: 's3' },
    );
    const keyField = field('key');
    if (!keyField)
      throw new S3Error(
        400,
        'InvalidArgument',
        "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
      );
    const violation = checkPostPolicy(policy, { bucket, fields, fileSize: file.size });
    if (violation) throw new S3Error(violation.status, violation.code, violation.message);
    // S3 puts the file's name where the key says ${filename}.
    const key = keyField.replaceAll(filenamePlaceholder, file.name);
    await options.iam.authorize(options.iam.holderOf(accessKeyId), [
      { action: 's3:PutObject', resource: objectArn(bucket, key) },
    ]);

    const path = `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const stored: Record<string, string> = { 'content-type': field('content-type') ?? 'binary/octet-stream' };
    for (const [name, value] of Object.entries(fields)) if (storedFields(name.toLowerCase())) stored[name.toLowerCase()] = value;
    const bytes = Buffer.from(await file.arrayBuffer());
    const answer = await forward('PUT', path, { ...stored, 'content-length': String(bytes.length) }, bytes);
    const answerBody = await readBody(answer, bodyLimit);
    if (answer.statusCode !== 200) {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/xml', ...cors }).end(answerBody);
      return;
    }
    const etag = String(answer.headers.etag ?? '');
    const location = `https://${req.headers.host}${path}`;
    const headers = { etag, location, 'x-amz-server-side-encryption': 'AES256', ...cors };
    const status = field('success_action_status');
    if (status === '201') {
      const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      xml(
        res,
        'POST',
        201,
        `<PostResponse><Location>${text(location)}</Location><Bucket>${text(bucket)}</Bucket><Key>${text(key)}</Key><ETag>${text(etag)}</ETag></PostResponse>`,
        headers,
      );
    } else res.writeHead(status === '200' ? 200 : 204, headers).end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'https://local');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    let key: string;
    try {
      key = decodeURIComponent(rest.join('/'));
    } catch {
      throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
    const served = bucket ? options.buckets[bucket] : undefined;
    if (bucket && !served) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;

    if (method === 'OPTIONS') {
      const asked = req.headers['access-control-request-method'];
      if (!origin || typeof asked !== 'string')
        throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
      if (!served?.cors.length) throw new S3Error(403, 'AccessForbidden', 'CORSResponse: CORS is not enabled for this bucket.');
      const headers = String(req.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const rule = corsRuleFor(served.cors, origin, asked, headers);
      if (!rule) throw new S3Error(403, 'AccessForbidden', corsDenied);
      res
        .writeHead(200, {
          ...corsHeaders(rule, origin),
          ...(headers.length ? { 'access-control-allow-headers': headers.join(', ') } : {}),
          ...vary,
        })
        .end();
      return;
    }
    const rule = origin && served ? corsRuleFor(served.cors, origin, method, undefined) : undefined;
    const cors = rule && origin ? { ...corsHeaders(rule, origin), ...vary } : served?.cors.length ? vary : {};

    try {
      const isPost = method === 'POST' && !key && /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
      let body: Buffer;
      try {
        body = await readBody(req, isPost ? postBodyLimit : bodyLimit);
      } catch (error) {
        if (error instanceof PayloadTooLargeError)
          throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        throw error;
      }
      if (isPost) return await post(req, res, bucket, body, cors);

      const principal = await authenticate(req, body);
      await options.iam.authorize(principal, s3Requests(method, bucket, key, url.searchParams, req.headers));

      const query = new URLSearchParams();
      const overrides: Record<string, string> = {};
      for (const [name, value] of url.searchParams) {
        const override = responseOverrides[name.toLowerCase()];
        if (override) overrides[override] = value;
        else if (!signatureParams(name)) query.append(name, value);
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const dropped = [
          'authorization',
          'host',
          'origin',
          'connection',
          'x-amz-content-sha256',
          'x-amz-date',
          'x-amz-security-token',
        ];
        if (value !== undefined && !dropped.includes(name)) headers[name] = Array.isArray(value) ? value.join(',') : value;
      }
      const search = query.size ? `?${query}` : '';
      const answer = await forward(method, `${url.pathname}${search}`, headers, body);
      // S3 tells a caller that a key does not exist only if it may list the bucket; anyone else
      // gets 403, so a function granted s3:GetObject alone sees AccessDenied for a missing file.
      const readsObject = key && (method === 'GET' || method === 'HEAD');
      if (answer.statusCode === 404 && readsObject) {
        const lists = await options.iam.permits(principal, { action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` });
        if (!lists) {
          answer.resume();
          throw accessDenied();
        }
      }
      const answerHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !name.startsWith('access-control-') && name !== 'vary') answerHeaders[name] = value;
      if ((answer.statusCode ?? 500) < 300) Object.assign(answerHeaders, overrides);
      res.writeHead(answer.statusCode ?? 502, { ...answerHeaders, ...cors });
      answer.pipe(res);
    } catch (error) {
      const s3Error = s3ErrorOf(error);
      if (!s3Error) throw error;
      sendError(res, method, s3Error, cors);
    }
  }

  const tlsServer = createHttpsServer(options.tls, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const s3Error =
        s3ErrorOf(error) ?? new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      sendError(res, req.method ?? 'GET', s3Error);
    });
  });
  // The bucket's policy (enforceSSL) denies a request that is not over TLS: S3 reads it and answers 403.
  const plainServer = createHttpServer((req, res) => {
    req.resume();
    sendError(res, req.method ?? 'GET', accessDenied());
  });
  const sockets = new Set<Socket>();
  // One port for both, as S3 answers both: a TLS handshake starts with byte 22 (a handshake record).
  const front = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 22 ? tlsServer : plainServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  const port = await listen(front, options.port);
  return {
    endpoint: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        front.close(() => resolve());
      }),
  };
}
