import { createHash, timingSafeEqual } from 'node:crypto';
// The SDK's own SHA-256 (node:crypto's, in the shape the signer takes), as its clients sign with.
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

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
    if (claimedHash !== undefined && claimedHash !== createHash('sha256').update(request.body).digest('hex')) {
      throw invalidSignature();
    }

    const { path, query } = splitUrl(request.url);
    // applyChecksum false: the signer must not add an x-amz-content-sha256 header the client did
    // not sign; the body's hash goes into the canonical request either way.
    const signer = new SignatureV4({
      credentials: { accessKeyId, secretAccessKey },
      region: this.region,
      service: this.service,
      sha256: Sha256,
      applyChecksum: false,
      uriEscapePath: true,
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

/** The path (percent-decoded, as the signer encodes it itself) and the query of a request URL. */
function splitUrl(url: string): { path: string; query: Record<string, string | string[]> } {
  const parsed = new URL(url, 'http://local');
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
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
