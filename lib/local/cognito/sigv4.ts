import { createHash, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../../lambdas/core/adapters/sha256';
import { CognitoError } from './errors';

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

// Cognito's answers to unsigned or badly signed requests to its IAM-authorised operations. They
// come back as 400s (the JSON protocol's client errors), e.g. `400 Bad Request
// {"__type":"UnrecognizedClientException","message":"The security token included in the request is invalid."}`.
const missingToken = () => new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
const incomplete = (message: string) => new CognitoError('IncompleteSignatureException', message);
const unrecognizedClient = () =>
  new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
const invalidSignature = (message = signatureMismatch) => new CognitoError('InvalidSignatureException', message);

/**
 * Checks an AWS Signature Version 4 (Authorization header) the way AWS does for IAM-authorised
 * calls: the request is rebuilt from what arrived (method, path, query, body and only the headers
 * the client listed in SignedHeaders), signed again with the known secret for the same
 * x-amz-date, region and service, and the two signatures compared in constant time. The signing
 * itself is @smithy/signature-v4, the SDK's own signer, so both ends compute it the same way.
 */
export class SigV4Verifier {
  private readonly signer: SignatureV4;

  constructor(
    private readonly credentials: AwsCredentials,
    region: string,
    service: string,
  ) {
    // applyChecksum false: the signer must not add an x-amz-content-sha256 header the client did
    // not sign; the body's hash goes into the canonical request either way.
    this.signer = new SignatureV4({ credentials, region, service, sha256: Sha256, applyChecksum: false, uriEscapePath: true });
  }

  /** Resolves when the signature is valid; otherwise throws the CognitoError Cognito answers with. */
  async verify(request: SignedRequest, now = Date.now()): Promise<void> {
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
    if (credential.split('/')[0] !== this.credentials.accessKeyId) throw unrecognizedClient();

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
    const signed = await this.signer.sign(
      { method: request.method, protocol: 'http:', hostname: headers.host ?? '', path, query, headers, body: request.body },
      { signingDate, signableHeaders: new Set(signedHeaders) },
    );
    const expected = /Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization ?? ''))?.[1] ?? '';
    const a = Buffer.from(expected, 'utf8');
    const b = Buffer.from(given, 'utf8');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw invalidSignature();
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
