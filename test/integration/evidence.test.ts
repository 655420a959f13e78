import { GetObjectTaggingCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { runProgram } from '../../scripts/programs';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { confirmedUser, signedIn, type TestUser } from '../support/identity';
import { s3ErrorCode, sendTo } from '../support/local-s3';

/**
 * Evidence files against the local cloud and its S3 (issue 38, "Uploads" must-show): the seller of
 * a funded contract uploads a PNG with the presigned POST the API signs, confirms it and delivers
 * with it; the buyer reads the same bytes back; a stranger is refused the link; the bucket refuses
 * a POST of another type or size, and a "PDF" whose bytes are a PNG is deleted and refused.
 */
interface Actor {
  token: string;
  sub: string;
  user: TestUser;
}

let cloud: LocalCloud;
let seller: Actor;
let buyer: Actor;
let stranger: Actor;
const touched = new Set<string>();

async function actor(name: string): Promise<Actor> {
  const user = await confirmedUser(cloud, name);
  return { ...(await signedIn(user)), user };
}

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await actor('seller');
  buyer = await actor('buyer');
  stranger = await actor('stranger');
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

async function call(who: Pick<Actor, 'token'>, path: string, body?: unknown) {
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** One https request trusting the local cloud's certificate, as a browser does once it accepted it. */
const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) =>
  sendTo(url, cloud.s3.certificate, init);

const codeOf = s3ErrorCode;

/** The bucket as the cloud's root sees it (it may list the bucket and read tags), trusting the local certificate. */
const rootS3 = () =>
  new S3Client({
    endpoint: cloud.s3.endpoint,
    region: localStage.region,
    credentials: cloud.credentials,
    forcePathStyle: true,
    requestHandler: new NodeHttpHandler({ httpsAgent: { ca: cloud.s3.certificate } }),
  });

interface Upload {
  fileId: string;
  url: string;
  fields: Record<string, string>;
}

/** The browser's POST: the returned fields (some changed), then the file last. */
async function post(upload: Upload, file: Buffer, change: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...change })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'file');
  const encoded = new Response(form);
  return send(upload.url, {
    method: 'POST',
    headers: { 'content-type': String(encoded.headers.get('content-type')), origin: cloud.appUrl },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-waybill-photo')]);

async function requestUpload(
  who: Actor,
  contractId: string,
  file: Buffer,
  contentType = 'image/png',
  name = 'waybill.png',
  purpose = 'delivery',
) {
  const answer = await call(who, '/request-evidence-upload', {
    contractId,
    purpose,
    name,
    contentType,
    size: file.length,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Upload;
}

/** A file uploaded and confirmed by the seller for the delivery. */
async function confirmedFile(contractId: string, file = png): Promise<string> {
  const upload = await requestUpload(seller, contractId, file);
  expect((await post(upload, file)).status).toBe(204);
  const confirmed = await call(seller, '/confirm-evidence', { fileId: upload.fileId });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return upload.fileId;
}

let contractNumber = 0;
async function funded(): Promise<string> {
  contractNumber += 1;
  const terms = { title: `Oak chair ${contractNumber}`, description: 'Delivered to Lekki', value: '20000', inspectionDays: 1 };
  return (await fundedContract(cloud, seller, buyer, terms, { paid: '20000', touched })).id;
}

describe('evidence files on a delivery', () => {
  it('the seller uploads a PNG, confirms it and delivers with it; the buyer reads the same bytes; a stranger is refused (403)', async () => {
    const contractId = await funded();
    const fileId = await confirmedFile(contractId);
    const again = await call(seller, '/confirm-evidence', { fileId });
    expect(again).toMatchObject({ status: 200, body: { file: { file_id: fileId, status: 'confirmed', size: png.length } } });

    const delivered = await call(seller, '/mark-delivered', {
      contractId,
      note: 'Sent with GIG, waybill attached',
      evidence: [fileId],
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    const details = await call(buyer, `/contracts/${contractId}`);
    expect(details.body.evidence).toEqual([
      {
        file_id: fileId,
        name: 'waybill.png',
        content_type: 'image/png',
        size: png.length,
        purpose: 'delivery',
        status: 'confirmed',
        by: 'creator',
        attached_to: 'delivery',
      },
    ]);

    const link = await call(buyer, '/evidence-link', { fileId });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const read = await send(String(link.body.url));
    expect(read.status).toBe(200);
    expect(read.body.equals(png)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');

    const refused = await call(stranger, '/evidence-link', { fileId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(expect.any(String));
  });

  it('the bucket refuses a POST of another Content-Type (403) and a file larger than declared (400 EntityTooLarge)', async () => {
    const contractId = await funded();
    const upload = await requestUpload(seller, contractId, png);
    const otherType = await post(upload, png, { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    expect(codeOf(otherType)).toBe('AccessDenied');
    const larger = await post(upload, Buffer.concat([png, Buffer.alloc(1024)]));
    expect(larger.status).toBe(400);
    expect(codeOf(larger)).toBe('EntityTooLarge');
    const nothing = await call(seller, '/confirm-evidence', { fileId: upload.fileId });
    expect(nothing.status).toBe(422);
  });

  it('refuses a type or size the product does not take before signing anything (400)', async () => {
    const contractId = await funded();
    const asked = (contentType: string, size: number) =>
      call(seller, '/request-evidence-upload', { contractId, purpose: 'delivery', name: 'x', contentType, size });
    expect((await asked('text/html', 10)).status).toBe(400);
    expect((await asked('image/png', 10 * 1024 * 1024 + 1)).status).toBe(400);
    expect((await asked('image/png', 0)).status).toBe(400);
    const byStranger = await call(stranger, '/request-evidence-upload', {
      contractId,
      purpose: 'delivery',
      name: 'x.png',
      contentType: 'image/png',
      size: 10,
    });
    expect(byStranger.status).toBe(403);
  });

  it('a "PDF" whose bytes are a PNG is refused on confirmation (422) and its upload deleted', async () => {
    const contractId = await funded();
    const upload = await requestUpload(seller, contractId, png, 'application/pdf', 'invoice.pdf');
    expect((await post(upload, png)).status).toBe(204);
    const confirmed = await call(seller, '/confirm-evidence', { fileId: upload.fileId });
    expect(confirmed).toEqual({ status: 422, body: { error: 'This file is not a PDF.' } });
    const again = await call(seller, '/confirm-evidence', { fileId: upload.fileId });
    expect(again).toEqual({ status: 422, body: { error: 'This file is not a PDF.' } });
    // Gone from the bucket: the root, which may list the bucket, is told 404.
    const root = rootS3();
    await expect(
      root.send(new HeadObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: `uploads/${contractId}/${upload.fileId}` })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    const link = await call(seller, '/evidence-link', { fileId: upload.fileId });
    expect(link.status).toBe(409);
  });

  it('refuses a sixth file on one delivery (400), delivering nothing', async () => {
    const contractId = await funded();
    const ids = ['01', '02', '03', '04', '05', '06'].map((n) => `01JZ0000000000000000000${n}`);
    const delivered = await call(seller, '/mark-delivered', { contractId, note: 'Sent', evidence: ids });
    expect(delivered.status).toBe(400);
    expect(delivered.body.error).toBe('Attach at most 5 files to one message.');
    const contract = await call(seller, `/contracts/${contractId}`);
    expect(contract.body.contract).toMatchObject({ status: 'fully_funded', delivered_at: null });
  });
});

/** `npm run decide-dispute -- <id>` (no decision: the list only) as ops run it, against this test's local cloud; a failure rejects with its stderr. */
const listDisputeFiles = (contractId: string) =>
  runProgram('npx', ['tsx', 'scripts/decide-dispute.ts', contractId], {
    ...process.env,
    DYNAMODB_ENDPOINT: cloud.dynamodbEndpoint,
  });

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF-photo-of-damage')]);

/** A file uploaded and confirmed by `who` for the dispute. */
async function disputeFile(who: Actor, contractId: string, file: Buffer, contentType: string, name: string): Promise<string> {
  const upload = await requestUpload(who, contractId, file, contentType, name, 'dispute');
  expect((await post(upload, file)).status).toBe(204);
  const confirmed = await call(who, '/confirm-evidence', { fileId: upload.fileId });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return upload.fileId;
}

describe('evidence files in a dispute', () => {
  it('the buyer opens a dispute with a PDF, the seller answers a proposal with a JPEG; both listed on the contract, each attached once', async () => {
    const contractId = await funded();
    const buyersPdf = await disputeFile(buyer, contractId, pdf, 'application/pdf', 'receipt.pdf');
    const opened = await call(buyer, '/open-dispute', {
      contractId,
      reason: 'not_as_described',
      details: 'The chair is pine, not oak',
      evidence: [buyersPdf],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);

    const sellersPhoto = await disputeFile(seller, contractId, jpeg, 'image/jpeg', 'oak-grain.jpg');
    // Someone else's file, or one attached already, is refused with the message unchanged.
    const notOwn = await call(seller, '/propose-settlement', { contractId, refund: '1000', evidence: [buyersPdf] });
    expect(notOwn.status).toBe(400);
    const proposed = await call(seller, '/propose-settlement', { contractId, refund: '1000', evidence: [sellersPhoto] });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = (proposed.body as { dispute: { proposals: Array<{ id: string }> } }).dispute.proposals[0]?.id;
    const twice = await call(seller, '/propose-settlement', { contractId, refund: '2000', evidence: [sellersPhoto] });
    expect(twice.status).toBe(400);

    const details = await call(seller, `/contracts/${contractId}`);
    expect(details.body.evidence).toMatchObject([
      { file_id: buyersPdf, name: 'receipt.pdf', content_type: 'application/pdf', by: 'payer', attached_to: 'dispute' },
      {
        file_id: sellersPhoto,
        name: 'oak-grain.jpg',
        content_type: 'image/jpeg',
        by: 'creator',
        attached_to: `proposal#${proposalId}`,
      },
    ]);
    const pdfLink = await call(seller, '/evidence-link', { fileId: buyersPdf });
    const read = await send(String(pdfLink.body.url));
    expect(read.body.equals(pdf)).toBe(true);
    expect(read.headers['content-disposition']).toMatch(/^attachment; filename="receipt.pdf"/);

    // Ops list the files before deciding: names, sizes, who, and a link (signed with ops' rights) that reads them.
    const listed = await listDisputeFiles(contractId);
    expect(listed.stdout).toContain(`- receipt.pdf (application/pdf, ${pdf.length} B) from the buyer, with the dispute`);
    expect(listed.stdout).toContain(
      `- oak-grain.jpg (image/jpeg, ${jpeg.length} B) from the seller, with the proposal#${proposalId}`,
    );
    const links = listed.stdout.match(/https:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(2);
    const opsRead = await send(String(links[1]));
    expect(opsRead.status).toBe(200);
    expect(opsRead.body.equals(jpeg)).toBe(true);
  });
});

describe('keeping files a year after the contract ends', () => {
  const root = rootS3;
  const tagsOf = async (key: string) =>
    (await root().send(new GetObjectTaggingCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }))).TagSet ?? [];

  it('leaves an open contract’s files untagged; once it ended, writes each again (same bytes and type) and tags it for the bucket’s one-year rule', async () => {
    const contractId = await funded();
    const file = await disputeFile(buyer, contractId, pdf, 'application/pdf', 'receipt.pdf');
    const key = `evidence/${contractId}/${file}`;
    const opened = await call(buyer, '/open-dispute', {
      contractId,
      reason: 'not_delivered',
      details: 'Nothing arrived',
      evidence: [file],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(await tagsOf(key)).toEqual([]);
    const written = (await root().send(new HeadObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }))).LastModified;

    // The seller refunds in full: the contract ends refunded, and its last step starts the files' year.
    expect((await call(seller, '/refund-in-full', { contractId })).status).toBe(200);
    await eventually(
      () => tagsOf(key),
      (tags) => tags.length > 0,
      30_000,
    );
    expect(await tagsOf(key)).toEqual([{ Key: 'retention', Value: 'contract-ended' }]);
    const head = await root().send(new HeadObjectCommand({ Bucket: cloud.s3.evidenceBucket, Key: key }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.Metadata?.['contract-ended']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Date.parse(String(head.LastModified))).toBeGreaterThanOrEqual(Date.parse(String(written)));
    const link = await call(buyer, '/evidence-link', { fileId: file });
    expect((await send(String(link.body.url))).body.equals(pdf)).toBe(true);
    expect((await call(buyer, `/contracts/${contractId}`)).body.contract).toMatchObject({ status: 'refunded' });
  });
});
