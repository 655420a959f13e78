import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 as functionsS3 } from '../../lambdas/core/adapters/s3';
import { type Credentials, LocalIam, takeAccessDenials } from '../../lib/local/iam/authority';
import { localNames } from '../../lib/local/iam/names';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { type LocalS3, startLocalS3 } from '../../lib/local/s3';
import { tlsCertificate } from '../../lib/local/tls';
import { s3ErrorCode, sendTo } from '../support/local-s3';

/**
 * The local S3 refuses what S3 refuses for the evidence bucket (issue 38): a browser POST made by
 * @aws-sdk/s3-presigned-post goes through only while it keeps to its policy, a presigned GET made by
 * @aws-sdk/s3-request-presigner reads the file back, and an unsigned, expired, plain-http or
 * ungranted request is refused with S3's XML error.
 */
let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

/** One request over https trusting the local cloud's certificate (or `ca`), or over plain http. */
const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer; ca?: string } = {}) =>
  sendTo(url, init.ca ?? cloud.s3.certificate, init);

const codeOf = s3ErrorCode;

function client(
  credentials: Credentials,
  systemClockOffset = 0,
  at: { endpoint: string; certificate: string } = cloud.s3,
): S3Client {
  return new S3Client({
    endpoint: at.endpoint,
    region: localStage.region,
    credentials,
    forcePathStyle: true,
    systemClockOffset,
    requestHandler: new NodeHttpHandler({ httpsAgent: { ca: at.certificate } }),
  });
}

/** A presigned POST for `key` fixing its type (image/png) and its size (1..1024 bytes), as the upload route will make it. */
function presignedPost(key: string, s3 = client(cloud.credentials)) {
  return createPresignedPost(s3, {
    Bucket: cloud.s3.evidenceBucket,
    Key: key,
    Conditions: [
      ['eq', '$Content-Type', 'image/png'],
      ['content-length-range', 1, 1024],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 300,
  });
}

/** The multipart form a browser sends: the fields, then the file last. */
async function postForm(
  post: { url: string; fields: Record<string, string> },
  file: Buffer,
  change: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...post.fields, ...change })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: change['Content-Type'] ?? 'image/png' }), 'photo.png');
  const encoded = new Response(form);
  return send(post.url, {
    method: 'POST',
    headers: { 'content-type': String(encoded.headers.get('content-type')), origin: cloud.appUrl },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0xff]);

describe('the local S3 with the evidence bucket', () => {
  it('takes a presigned POST that keeps to its policy, and a presigned GET reads the bytes and type back', async () => {
    const key = 'uploads/contract-1/file-1';
    const answer = await postForm(await presignedPost(key), png);
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(cloud.appUrl);

    const url = await getSignedUrl(
      client(cloud.credentials),
      new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }),
      {
        expiresIn: 60,
      },
    );
    const read = await send(url);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.body.equals(png)).toBe(true);
  });

  it('refuses the same POST with another Content-Type (403 AccessDenied)', async () => {
    const answer = await postForm(await presignedPost('uploads/contract-1/file-2'), png, { 'Content-Type': 'text/html' });
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('AccessDenied');
    expect(answer.body.toString()).toContain(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
    );
  });

  it('refuses a file bigger than the policy allows (400 EntityTooLarge)', async () => {
    const answer = await postForm(await presignedPost('uploads/contract-1/file-3'), Buffer.alloc(1025, 1));
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('EntityTooLarge');
  });

  it('refuses a POST whose policy has expired (403), and a form with a signature not made by its key (403)', async () => {
    const expired = await presignedPost('uploads/contract-1/file-4', client(cloud.credentials, -3_600_000));
    const late = await postForm(expired, png);
    expect(late.status).toBe(403);
    expect(late.body.toString()).toContain('Invalid according to Policy: Policy expired.');

    const post = await presignedPost('uploads/contract-1/file-5');
    const forged = await postForm(post, png, { 'X-Amz-Signature': '0'.repeat(64) });
    expect(forged.status).toBe(403);
    expect(codeOf(forged)).toBe('SignatureDoesNotMatch');
  });

  it('refuses an unsigned GET (403 AccessDenied) and a presigned GET after it expired (403 Request has expired)', async () => {
    const key = 'uploads/contract-1/file-1';
    const unsigned = await send(`${cloud.s3.endpoint}/${cloud.s3.evidenceBucket}/${key}`);
    expect(unsigned.status).toBe(403);
    expect(codeOf(unsigned)).toBe('AccessDenied');

    const url = await getSignedUrl(
      client(cloud.credentials),
      new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 120_000),
      },
    );
    const expired = await send(url);
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).toContain('<Message>Request has expired</Message>');
  });

  it('refuses a GET signed by a function whose role has no S3 grant (403), naming the action', async () => {
    const purpose = 'task:Transfer';
    const url = await getSignedUrl(
      client(cloud.iam.credentialsOf(purpose)),
      new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: 'uploads/contract-1/file-1' }),
      { expiresIn: 60 },
    );
    const answer = await send(url);
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('AccessDenied');
    expect(cloud.iam.takeDenials()).toEqual([
      expect.objectContaining({
        principal: purpose,
        action: 's3:GetObject',
        resource: `arn:aws:s3:::${cloud.s3.evidenceBucket}/uploads/contract-1/file-1`,
      }),
    ]);
  });

  it('serves the SDK client signing in its Authorization header (PutObject, GetObject)', async () => {
    const s3 = client(cloud.credentials);
    const key = 'evidence/contract-1/file-6';
    await s3.send(new PutObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key, Body: png, ContentType: 'image/png' }));
    const got = await s3.send(new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }));
    expect(got.ContentType).toBe('image/png');
    expect(Buffer.from(await (got.Body?.transformToByteArray() ?? new Uint8Array())).equals(png)).toBe(true);
  });

  it("lets the functions' own client (adapters/s3.ts) reach it over https, trusting LOCAL_CA_CERT", async () => {
    // This process is the account's root, with the environment the cloud gives its functions.
    const key = 'evidence/contract-1/file-7';
    await functionsS3().send(
      new PutObjectCommand({ Bucket: process.env.EVIDENCE_BUCKET, Key: key, Body: png, ContentType: 'image/png' }),
    );
    const got = await functionsS3().send(new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }));
    expect(got.ContentType).toBe('image/png');
  });

  it('refuses plain http (403), as the bucket enforces TLS', async () => {
    const url = await getSignedUrl(
      client(cloud.credentials),
      new GetObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: 'uploads/contract-1/file-1' }),
      { expiresIn: 60 },
    );
    const answer = await send(url.replace(/^https:/, 'http:'));
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('AccessDenied');
  });

  it("answers a CORS preflight for the app's origin and POST only", async () => {
    const preflight = (origin: string, method: string) =>
      send(`${cloud.s3.endpoint}/${cloud.s3.evidenceBucket}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(cloud.appUrl, 'POST');
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(cloud.appUrl);
    expect((await preflight('https://elsewhere.example', 'POST')).status).toBe(403);
    expect((await preflight(cloud.appUrl, 'PUT')).status).toBe(403);
  });
});

describe('the local S3 answering a caller by what its role holds', () => {
  // A stage of one reader, granted s3:GetObject on evidence/* as grantRead grants it, and nothing else.
  const bucket = 'escrow-local-evidencefilestest';
  const reader = 'route:read-evidence';
  const confirmer = 'route:confirm-evidence';
  const iam = new LocalIam(
    'root-secret-of-this-test',
    {
      functions: {
        [reader]: {
          purpose: reader,
          functionName: 'escrow-local-ReadEvidence',
          roleArn: `arn:aws:iam::${localNames.accountId}:role/escrow-local-ReadEvidenceRole`,
          policies: [
            {
              Version: '2012-10-17',
              Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/evidence/*` }],
            },
          ],
          environment: {},
          timeoutSeconds: 3,
        },
        // As grantConfirm grants: read and delete uploads, write evidence.
        [confirmer]: {
          purpose: confirmer,
          functionName: 'escrow-local-ConfirmEvidence',
          roleArn: `arn:aws:iam::${localNames.accountId}:role/escrow-local-ConfirmEvidenceRole`,
          policies: [
            {
              Version: '2012-10-17',
              Statement: [
                { Effect: 'Allow', Action: ['s3:GetObject', 's3:DeleteObject'], Resource: `arn:aws:s3:::${bucket}/uploads/*` },
                { Effect: 'Allow', Action: 's3:PutObject', Resource: `arn:aws:s3:::${bucket}/evidence/*` },
              ],
            },
          ],
          environment: {},
          timeoutSeconds: 3,
        },
      },
      groups: { [`${localNames.stackName}-finance`]: [], [`${localNames.stackName}-ops`]: [] },
      outputs: {},
      buckets: {},
    },
    localNames,
  );
  let s3: LocalS3;
  let certificate: string;
  const at = () => ({ endpoint: s3.endpoint, certificate });
  const presignedGet = (principal: string, key: string) =>
    getSignedUrl(client(iam.principal(principal).credentials, 0, at()), new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: 60,
    });

  beforeAll(async () => {
    const tls = await tlsCertificate(undefined);
    certificate = tls.cert;
    s3 = await startLocalS3({ port: 0, iam, bucket, cors: [], appOrigin: { stage: '', local: '' }, tls });
    await client(iam.principal('admin').credentials, 0, at()).send(
      new PutObjectCommand({ Bucket: bucket, Key: 'evidence/c1/f1', Body: png, ContentType: 'image/png' }),
    );
  });

  afterAll(async () => {
    await s3?.stop();
  });

  it('lets the reader read evidence/ and refuses it uploads/ (403, the denial kept)', async () => {
    expect((await send(await presignedGet(reader, 'evidence/c1/f1'), { ca: certificate })).status).toBe(200);
    const refused = await send(await presignedGet(reader, 'uploads/c1/f1'), { ca: certificate });
    expect(refused.status).toBe(403);
    expect(takeAccessDenials()).toEqual([expect.objectContaining({ principal: reader, action: 's3:GetObject' })]);
  });

  it('lets a confirming role copy an upload to evidence/ and delete the upload, and refuses a copy from a source it may not read', async () => {
    const admin = client(iam.principal('admin').credentials, 0, at());
    await admin.send(new PutObjectCommand({ Bucket: bucket, Key: 'uploads/c1/f2', Body: png, ContentType: 'image/png' }));
    const confirm = client(iam.principal(confirmer).credentials, 0, at());
    await confirm.send(new CopyObjectCommand({ Bucket: bucket, Key: 'evidence/c1/f2', CopySource: `${bucket}/uploads/c1/f2` }));
    await confirm.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'uploads/c1/f2' }));
    const copied = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: 'evidence/c1/f2' }));
    expect(copied.ContentType).toBe('image/png');

    const refused = await confirm
      .send(new CopyObjectCommand({ Bucket: bucket, Key: 'evidence/c1/f3', CopySource: `${bucket}/evidence/c1/f2` }))
      .then(
        () => undefined,
        (e: unknown) => e as Error & { $metadata?: { httpStatusCode?: number } },
      );
    expect(refused?.name).toBe('AccessDenied');
    expect(refused?.$metadata?.httpStatusCode).toBe(403);
    expect(takeAccessDenials()).toEqual([
      expect.objectContaining({
        principal: confirmer,
        action: 's3:GetObject',
        resource: `arn:aws:s3:::${bucket}/evidence/c1/f2`,
      }),
    ]);
  });

  it('answers a missing key 403 AccessDenied to a reader that may not list the bucket, 404 NoSuchKey to one that may', async () => {
    const hidden = await send(await presignedGet(reader, 'evidence/c1/missing'), { ca: certificate });
    expect(hidden.status).toBe(403);
    expect(codeOf(hidden)).toBe('AccessDenied');
    const told = await send(await presignedGet('admin', 'evidence/c1/missing'), { ca: certificate });
    expect(told.status).toBe(404);
    expect(codeOf(told)).toBe('NoSuchKey');
  });
});
