import { request as httpsRequest } from 'node:https';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationsResponse } from '../../lambdas/core/api/notifications';
import { workflowTokenKey } from '../../lambdas/core/entities/workflow-token';
import { type LocalCloud, localStage } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import type { Targets } from '../security/route-probes';
import { eventually } from './eventually';
import { fundedContract } from './funded-contract';
import { apiOrThrow } from './http';
import { type SignedInPerson, signedInPerson } from './identity';

/** What {@link seedTargets} made: the people, the seller's things, and the texts only the seller's side knows. */
export interface SeededTargets {
  seller: SignedInPerson;
  buyer: SignedInPerson;
  targets: Targets;
  contractTitle: string;
  templateTitle: string;
  txRef: string;
}

/**
 * The seller's things every route probe aims at (security/route-probes.ts), made through the API
 * as people make them: a contract named for the buyer, accepted, paid in full through the
 * sandbox's bank and marked completed (its execution then waits for the release); two templates;
 * a notification. Shared by the authorization suite and `npm run bench`, which replays the probes.
 */
export async function seedTargets(cloud: LocalCloud): Promise<SeededTargets> {
  const seller = await signedInPerson(cloud, 'seller');
  const buyer = await signedInPerson(cloud, 'buyer');
  const suffix = Math.random().toString(36).slice(2, 8);
  const contractTitle = `Seller's private cake ${suffix}`;
  const templateTitle = `Seller's private template ${suffix}`;

  const ok = apiOrThrow(cloud);
  const { contractId, txRef } = await satisfiedContract(cloud, seller, buyer, contractTitle);

  const template = { title: templateTitle, description: 'Printed, per item', base_price: '1500', currency: 'NGN' };
  const { id: templateId } = await ok<{ id: string }>(seller, 'POST', '/templates', template);
  const { id: spareTemplateId } = await ok<{ id: string }>(seller, 'POST', '/templates', { ...template, title: 'Spare' });
  const inbox = await ok<NotificationsResponse>(seller, 'GET', '/notifications');
  const notificationId = inbox.notifications[0]?.id;
  if (!notificationId) throw new Error('the seller has no notification');
  const evidenceFileId = await confirmedEvidence(cloud, seller, contractId);

  return {
    seller,
    buyer,
    contractTitle,
    templateTitle,
    txRef,
    targets: {
      seller: { sub: seller.sub, email: seller.user.email, deviceId: seller.user.deviceId, answer: seller.user.answer },
      buyer: { sub: buyer.sub },
      contractId,
      templateId,
      spareTemplateId,
      notificationId,
      txRef,
      evidenceFileId,
    },
  };
}

/**
 * A file the seller uploaded for a dispute of the contract and confirmed, as a browser does it:
 * the upload asked for, the bytes POSTed to the presigned form (trusting the local CA), confirmed.
 */
async function confirmedEvidence(cloud: LocalCloud, seller: SignedInPerson, contractId: string): Promise<string> {
  const ok = apiOrThrow(cloud);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const upload = await ok<{ fileId: string; url: string; fields: Record<string, string> }>(
    seller,
    'POST',
    '/request-evidence-upload',
    {
      contractId,
      purpose: 'dispute',
      name: 'seller-photo.png',
      contentType: 'image/png',
      size: png.length,
    },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)]), 'seller-photo.png');
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const sent = httpsRequest(
      upload.url,
      { method: 'POST', headers: { 'content-type': String(encoded.headers.get('content-type')) }, ca: cloud.s3.certificate },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
  if (status !== 204) throw new Error(`the evidence upload answered ${status}`);
  await ok(seller, 'POST', '/confirm-evidence', { fileId: upload.fileId });
  return upload.fileId;
}

/**
 * A contract of the seller's named for the buyer, made through the API as people make it:
 * accepted, paid in full through the sandbox's bank and marked completed; its execution then waits
 * for the seller's release. Answers its id and the payment's reference.
 */
export async function satisfiedContract(
  cloud: LocalCloud,
  seller: SignedInPerson,
  buyer: SignedInPerson,
  title: string,
): Promise<{ contractId: string; txRef: string }> {
  const ok = apiOrThrow(cloud);
  const stored = async (key: { PK: string; SK: string }) =>
    (await documents().send(new GetCommand({ TableName: localStage.tableName, Key: key, ConsistentRead: true }))).Item;
  const terms = { title, description: 'Three tiers, delivered Saturday', value: '2500' };
  const { id: contractId, account } = await fundedContract(cloud, seller, buyer, terms);
  await eventually(
    () => stored(workflowTokenKey(contractId, 'delivery')),
    (item) => item !== undefined,
  );
  await ok(buyer, 'POST', '/mark-contract-completed', { contractId });
  // The execution now waits for the seller's release: nothing changes the seller's things on its own.
  await eventually(
    () => stored(workflowTokenKey(contractId, 'release')),
    (item) => item !== undefined,
  );

  return { contractId, txRef: account.txRef };
}
