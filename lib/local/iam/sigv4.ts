import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
// The SDK's own SHA-256 (node:crypto's, in the shape the signer takes), as its clients sign with.
import { Sha256 } from '@smithy/core/checksum';
import { createScope, getCanonicalQuery, getSigningKey, SignatureV4 } from '@smithy/signature-v4';

export { Sha256 };

/** AWS credentials as the SDK takes them. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The parts of an incoming HTTP request that a SigV4 signature covers. */
export interface SignedRequest {
  method: string;
  /** Path and query as received (`req.url`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const maxClockSkewMs = 5 * 60_000;
const signatureMismatch =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

/**
 * AWS's answer to an unsigned or badly signed request, the same for every service: its error type
 * and message, answered by each service in its own protocol (the JSON protocols as a 400, e.g.
 * `{"__type":"UnrecognizedClientException","message":"The security token included in the request is invalid."}`;
 * SES v2 and AppSync Events as a 403).
 */
export class SignatureError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

const missingToken = () => new SignatureError('MissingAuthenticationTokenException', 'Missing Authentication Token');
const incomplete = (message: string) => new SignatureError('IncompleteSignatureException', message);
const unrecognizedClient = () =>
  new SignatureError('UnrecognizedClientException', 'The security token included in the request is invalid.');
const invalidSignature = (message = signatureMismatch) => new SignatureError('InvalidSignatureException', message);

/** The secret of an access key id the service knows, or undefined (its credentials are not valid here). */
export type SecretOf = (accessKeyId: string) => string | undefined;

/**
 * Checks an AWS Signature Version 4 (Authorization header) the way AWS does for IAM-authorised
 * calls: the request is rebuilt from what arrived (method, path, query, body and only the headers
 * the client listed in SignedHeaders), signed again with the known secret of the access key for
 * the same x-amz-date, region and service, and the two signatures compared in constant time. The
 * signing itself is @smithy/signature-v4, the SDK's own signer, so both ends compute it the same way.
 */
export class SigV4Verifier {
  constructor(
    private readonly secretOf: SecretOf,
    private readonly region: string,
    private readonly service: string,
  ) {}

  /**
   * S3 signs differently from the other services: the path as sent (encoded once, never
   * normalised: a key may hold `//` or `..`), and the body's hash may be `UNSIGNED-PAYLOAD` (what
   * the SDK's presigned requests and some uploads send); the header must be there.
   */
  private get s3(): boolean {
    return this.service === 's3';
  }

  /** Resolves with the access key id that signed a valid request; otherwise throws the {@link SignatureError} AWS answers with. */
  async verify(request: SignedRequest, now = Date.now()): Promise<string> {
    const authorization = header(request.headers, 'authorization');
    if (!authorization) throw missingToken();
    const match = /^AWS4-HMAC-SHA256 (.*)$/.exec(authorization.trim());
    if (!match) throw incomplete(`Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.`);
    const fields = new Map(
      (match[1] ?? '').split(',').map((part) => {
        const [name = '', ...value] = part.trim().split('=');
        return [name, value.join('=')] as const;
      }),
    );
    const credential = fields.get('Credential');
    const signedHeaderList = fields.get('SignedHeaders');
    const given = fields.get('Signature');
    if (!credential || !signedHeaderList || !given) {
      throw incomplete(`Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.`);
    }
    const accessKeyId = credential.split('/')[0] ?? '';
    const secretAccessKey = this.secretOf(accessKeyId);
    if (secretAccessKey === undefined) throw unrecognizedClient();

    const amzDate = header(request.headers, 'x-amz-date') ?? '';
    const signingDate = parseAmzDate(amzDate);
    if (!signingDate) throw incomplete(`Authorization header requires existence of a valid 'X-Amz-Date' header.`);
    if (signingDate.getTime() < now - maxClockSkewMs) {
      throw invalidSignature(
        `Signature expired: ${amzDate} is now earlier than ${formatAmzDate(now - maxClockSkewMs)} (${formatAmzDate(now)} - 5 min.)`,
      );
    }
    if (signingDate.getTime() > now + maxClockSkewMs) {
      throw invalidSignature(
        `Signature not yet current: ${amzDate} is still later than ${formatAmzDate(now + maxClockSkewMs)} (${formatAmzDate(now)} + 5 min.)`,
      );
    }

    const signedHeaders = signedHeaderList.split(';');
    if (!signedHeaders.includes('host')) throw invalidSignature(`'Host' must be a 'SignedHeader' in the AWS Authorization.`);
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      const value = header(request.headers, name);
      if (value !== undefined) headers[name] = value;
    }
    // A signed x-amz-content-sha256 stands in for the body in the canonical request, so it must be
    // the body's real hash, or a signature could be replayed with another body.
    const claimedHash = headers['x-amz-content-sha256'];
    if (this.s3 && claimedHash === undefined)
      throw new SignatureError('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (this.s3 && claimedHash?.startsWith('STREAMING-'))
      throw new SignatureError(
        'NotImplemented',
        'The local S3 does not take aws-chunked (streaming) uploads: send the body whole.',
      );
    const unsigned = this.s3 && claimedHash === 'UNSIGNED-PAYLOAD';
    if (!unsigned && claimedHash !== undefined && claimedHash !== createHash('sha256').update(request.body).digest('hex')) {
      throw invalidSignature();
    }

    const { path, query } = splitUrl(request.url, this.s3);
    // applyChecksum false: the signer must not add an x-amz-content-sha256 header the client did
    // not sign; the body's hash goes into the canonical request either way.
    const signer = new SignatureV4({
      credentials: { accessKeyId, secretAccessKey },
      region: this.region,
      service: this.service,
      sha256: Sha256,
      applyChecksum: false,
      uriEscapePath: !this.s3,
    });
    const signed = await signer.sign(
      { method: request.method, protocol: 'http:', hostname: headers.host ?? '', path, query, headers, body: request.body },
      { signingDate, signableHeaders: new Set(signedHeaders) },
    );
    const expected = /Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization ?? ''))?.[1] ?? '';
    const a = Buffer.from(expected, 'utf8');
    const b = Buffer.from(given, 'utf8');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw invalidSignature();
    return accessKeyId;
  }
}

/** What S3 answers a presigned URL past its X-Amz-Expires. */
export const requestExpired = () => new SignatureError('AccessDenied', 'Request has expired');

/** The longest a presigned URL may live: 7 days. */
const maxPresignedSeconds = 604_800;

/**
 * Checks a request signed in its query (a presigned URL, X-Amz-Algorithm .. X-Amz-Signature) and
 * answers the access key id that signed it. The canonical request is built with the signer's own
 * pieces (getCanonicalQuery, the signing key): the signer itself only makes presigned URLs, it
 * cannot check one made at another time with another lifetime.
 */
export async function verifyPresigned(
  request: SignedRequest,
  secretOf: SecretOf,
  scope: { region: string; service: string },
  now = Date.now(),
): Promise<string> {
  const { path, query } = splitUrl(request.url, scope.service === 's3');
  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? undefined : value;
  };
  const algorithm = one('X-Amz-Algorithm');
  const credential = one('X-Amz-Credential') ?? '';
  const amzDate = one('X-Amz-Date') ?? '';
  const expires = Number(one('X-Amz-Expires'));
  const signedHeaderList = one('X-Amz-SignedHeaders');
  const given = one('X-Amz-Signature');
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !signedHeaderList || !given)
    throw new SignatureError(
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  const [accessKeyId = '', day, region, service, terminator] = credential.split('/');
  const secretAccessKey = secretOf(accessKeyId);
  if (secretAccessKey === undefined)
    throw new SignatureError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingDate = parseAmzDate(amzDate);
  if (
    !signingDate ||
    day !== amzDate.slice(0, 8) ||
    region !== scope.region ||
    service !== scope.service ||
    terminator !== 'aws4_request'
  )
    throw new SignatureError(
      'AuthorizationQueryParametersError',
      'Error parsing the X-Amz-Credential parameter or the X-Amz-Date.',
    );
  if (!Number.isInteger(expires) || expires < 1 || expires > maxPresignedSeconds)
    throw new SignatureError(
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be less than a week (in seconds) that is; 604800 seconds',
    );
  if (signingDate.getTime() - maxClockSkewMs > now) throw new SignatureError('AccessDenied', 'Request is not valid yet');
  if (signingDate.getTime() + expires * 1000 < now) throw requestExpired();

  const names = signedHeaderList.split(';');
  if (!names.includes('host')) throw invalidSignature(`'Host' must be a 'SignedHeader' in the AWS Authorization.`);
  const canonicalHeaders = names.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`);
  const payloadHash = one('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [
    request.method,
    path,
    getCanonicalQuery({ method: request.method, protocol: 'https:', hostname: '', path, headers: {}, query }),
    canonicalHeaders.join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    createScope(amzDate.slice(0, 8), scope.region, scope.service),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = await getSigningKey(Sha256, { accessKeyId, secretAccessKey }, amzDate.slice(0, 8), scope.region, scope.service);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!sameText(expected, given)) throw invalidSignature();
  return accessKeyId;
}

/**
 * Checks a browser-based POST's signature (S3's POST policy): an HMAC-SHA256 of the base64 policy
 * with the key derived for the credential's day, region and service, as @aws-sdk/s3-presigned-post
 * makes it. Answers the access key id that signed.
 */
export async function verifyPostSignature(
  fields: { policy: string; credential: string; algorithm: string; signature: string },
  secretOf: SecretOf,
  scope: { region: string; service: string },
): Promise<string> {
  if (fields.algorithm !== 'AWS4-HMAC-SHA256')
    throw new SignatureError('InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported for x-amz-algorithm');
  const [accessKeyId = '', day = '', region, service, terminator] = fields.credential.split('/');
  const secretAccessKey = secretOf(accessKeyId);
  if (secretAccessKey === undefined)
    throw new SignatureError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!/^\d{8}$/.test(day) || region !== scope.region || service !== scope.service || terminator !== 'aws4_request')
    throw new SignatureError('InvalidArgument', `Invalid Credential: ${fields.credential}`);
  const key = await getSigningKey(Sha256, { accessKeyId, secretAccessKey }, day, scope.region, scope.service);
  const expected = createHmac('sha256', key).update(fields.policy).digest('hex');
  if (!sameText(expected, fields.signature)) throw invalidSignature();
  return accessKeyId;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `20260101T120000Z` -> Date, or undefined when it is not exactly that form. */
function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(date.getTime()) || formatAmzDate(date.getTime()) !== value ? undefined : date;
}

function formatAmzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The path (percent-decoded, as the signer encodes it itself; for S3 as sent) and the query of a request URL. */
function splitUrl(url: string, raw = false): { path: string; query: Record<string, string | string[]> } {
  const parsed = new URL(url, 'http://local');
  let path: string;
  try {
    path = raw ? parsed.pathname : decodeURIComponent(parsed.pathname);
  } catch {
    throw invalidSignature();
  }
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of parsed.searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return { path, query };
}
