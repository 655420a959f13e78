import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { requireEnv } from '../adapters/env';
import { s3 } from '../adapters/s3';
import type { EvidenceView, RequestEvidenceUploadResponse } from '../api/evidence';
import type { DisputeSide } from '../domain/dispute';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError, ValidationError } from '../domain/errors';
import { type Contract, transitionTarget } from '../domain/escrow-contract';
import {
  type EvidencePurpose,
  type EvidenceType,
  evidenceDisplayName,
  evidenceMessages,
  evidenceSniffBytes,
  evidenceUrlSeconds,
  sniffType,
} from '../domain/evidence';
import { evidenceKeys } from '../domain/evidence-keys';
import { assertNotSplit } from '../domain/milestones';
import { loadContract } from '../entities/contract';
import { getDispute } from '../entities/dispute';
import { type EvidenceFile, evidenceCheckedUpdate, evidenceRequestItems, getEvidence } from '../entities/evidence';
import { onConditionFailed, transactWrite } from '../entities/table';
import { evidenceView } from './evidence-view';

/**
 * Evidence files (issue 38; lib/evidence.ts, docs/security.md "Evidence files"). The bucket is
 * private: a browser writes only through a presigned POST this service signs for one key, one type
 * and one exact size, and reads only through a presigned GET of 5 minutes signed for a party of the
 * contract. A presigned request carries its signer's rights, so each function is granted exactly
 * its keys (routes.ts `evidence`).
 */

/** The side a person is on in a contract, or undefined for anyone else. */
function sideOf(contract: Contract, sub: string): DisputeSide | undefined {
  if (contract.creator_id === sub) return 'creator';
  if (contract.acceptor_id === sub || contract.payer_user_ids.includes(sub)) return 'payer';
  return undefined;
}

/** Whether a file for `purpose` may be asked for now: the message it will go with can still be written. */
async function checkPurposeOpen(contract: Contract, side: DisputeSide, purpose: EvidencePurpose): Promise<void> {
  // A contract in milestones is delivered and disputed milestone by milestone: files go with those.
  assertNotSplit(contract);
  if (purpose === 'delivery') {
    if (side !== 'creator' || !transitionTarget(contract.status, 'mark_delivered'))
      throw new ConflictError(evidenceMessages.deliveryNotOpen);
    return;
  }
  const dispute = await getDispute(contract.id);
  // Before a dispute is opened its opener gathers the files its statement will carry.
  const open = dispute ? dispute.status === 'open' : Boolean(transitionTarget(contract.status, 'open_dispute'));
  if (!open) throw new ConflictError(evidenceMessages.disputeNotOpen);
}

/**
 * A party asks to upload one file: a pending item (counted against their cap on the contract) and a
 * presigned POST that accepts exactly that key, that Content-Type and that many bytes.
 */
export async function requestEvidenceUpload(
  sub: string,
  request: { contractId: string; purpose: EvidencePurpose; name: string; contentType: EvidenceType; size: number },
): Promise<RequestEvidenceUploadResponse> {
  const contract = await loadContract(request.contractId);
  const side = sideOf(contract, sub);
  if (!side) throw new ForbiddenError(evidenceMessages.notParty);
  await checkPurposeOpen(contract, side, request.purpose);
  const name = evidenceDisplayName(request.name);
  if (!name) throw new ValidationError(evidenceMessages.nameRequired);
  const now = new Date();
  const file: EvidenceFile = {
    file_id: ulid(),
    contract_id: contract.id,
    uploader_id: sub,
    uploader_side: side,
    purpose: request.purpose,
    name,
    content_type: request.contentType,
    size: request.size,
    status: 'pending',
    created_at: now.toISOString(),
    checked_at: null,
  };
  await onConditionFailed(transactWrite(evidenceRequestItems(file, now)), (failed, error) => {
    if (failed.includes(0)) throw new ConflictError(evidenceMessages.capReached);
    throw error;
  });
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: requireEnv('evidenceBucket'),
    Key: evidenceKeys.upload(contract.id, file.file_id),
    Conditions: [
      ['eq', '$Content-Type', file.content_type],
      ['content-length-range', file.size, file.size],
    ],
    Fields: { 'Content-Type': file.content_type },
    Expires: evidenceUrlSeconds,
  });
  return { fileId: file.file_id, url, fields, expiresAt: new Date(now.getTime() + evidenceUrlSeconds * 1000).toISOString() };
}

/** Whether S3 said the object is not there: 403 to a function that may not list the bucket, 404 to one that may. */
function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 403 || status === 404;
}

/** The first bytes and the size of an upload, or undefined when nothing was uploaded. */
async function readUpload(key: string): Promise<{ firstBytes: Uint8Array; size: number; type?: string } | undefined> {
  const Bucket = requireEnv('evidenceBucket');
  try {
    const [head, part] = await Promise.all([
      s3().send(new HeadObjectCommand({ Bucket, Key: key })),
      s3().send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${evidenceSniffBytes - 1}` })),
    ]);
    const firstBytes = (await part.Body?.transformToByteArray()) ?? new Uint8Array();
    return { firstBytes, size: head.ContentLength ?? 0, type: head.ContentType };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The uploader confirms a file: its bytes must be of its declared type and its size the declared
 * one. A good file is copied to its evidence key (the only one ever read) and the upload deleted; a
 * bad one is deleted and refused (422). Confirming again answers the same.
 */
export async function confirmEvidence(sub: string, fileId: string): Promise<{ file: EvidenceView }> {
  const file = await getEvidence(fileId);
  if (!file) throw new NotFoundError(evidenceMessages.unknownFile);
  if (file.uploader_id !== sub) throw new ForbiddenError(evidenceMessages.notUploader);
  if (file.status === 'confirmed') return { file: evidenceView(file) };
  if (file.status === 'refused') throw new UnprocessableError(evidenceMessages.refused(file.content_type));
  const Bucket = requireEnv('evidenceBucket');
  const uploadKey = evidenceKeys.upload(file.contract_id, file.file_id);
  const upload = await readUpload(uploadKey);
  if (!upload) {
    // A confirmation of the same file that ran at once may have kept it and deleted the upload.
    const current = await getEvidence(fileId);
    if (current?.status === 'confirmed') return { file: evidenceView(current) };
    throw new UnprocessableError(evidenceMessages.notUploaded);
  }
  const now = new Date().toISOString();
  const deleteUpload = () => s3().send(new DeleteObjectCommand({ Bucket, Key: uploadKey }));
  const typeHolds = sniffType(upload.firstBytes) === file.content_type && upload.type === file.content_type;
  if (!typeHolds || upload.size !== file.size) {
    await deleteUpload();
    await onConditionFailed(transactWrite([evidenceCheckedUpdate(file, 'refused', now)]), () => undefined);
    throw new UnprocessableError(typeHolds ? evidenceMessages.wrongSize : evidenceMessages.refused(file.content_type));
  }
  // Copied before it is marked confirmed, and the upload deleted after: a confirmation stopped
  // half-way is simply done again (the bucket's lifecycle removes an upload left behind).
  await s3().send(
    new CopyObjectCommand({
      Bucket,
      Key: evidenceKeys.evidence(file.contract_id, file.file_id),
      CopySource: `${Bucket}/${uploadKey}`,
    }),
  );
  const changed = await onConditionFailed(
    transactWrite([evidenceCheckedUpdate(file, 'confirmed', now)]).then(() => true),
    () => false,
  );
  await deleteUpload();
  if (!changed) return confirmEvidence(sub, fileId); // confirmed meanwhile by a request of the same person
  return { file: evidenceView({ ...file, status: 'confirmed', checked_at: now }) };
}

/** How a browser opens a file: an image in the page, a PDF saved (never run in the app's origin). */
function dispositionOf(file: Pick<EvidenceFile, 'name' | 'content_type'>): string {
  const kind = file.content_type === 'application/pdf' ? 'attachment' : 'inline';
  const plain = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

/** A presigned GET of 5 minutes of a confirmed file, for the seller and the buyer of its contract only. */
export async function evidenceLink(sub: string, fileId: string): Promise<{ url: string; expiresAt: string }> {
  const file = await getEvidence(fileId);
  if (!file) throw new NotFoundError(evidenceMessages.unknownFile);
  const contract = await loadContract(file.contract_id);
  if (!sideOf(contract, sub)) throw new ForbiddenError(evidenceMessages.notParty);
  if (file.status !== 'confirmed') throw new ConflictError(evidenceMessages.notConfirmed);
  return signedEvidenceGet(file);
}

/** The presigned GET itself (also ops' `npm run decide-dispute`, which signs as ops). */
export async function signedEvidenceGet(
  file: Pick<EvidenceFile, 'contract_id' | 'file_id' | 'name' | 'content_type'>,
): Promise<{ url: string; expiresAt: string }> {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: requireEnv('evidenceBucket'),
      Key: evidenceKeys.evidence(file.contract_id, file.file_id),
      ResponseContentType: file.content_type,
      ResponseContentDisposition: dispositionOf(file),
    }),
    { expiresIn: evidenceUrlSeconds },
  );
  return { url, expiresAt: new Date(Date.now() + evidenceUrlSeconds * 1000).toISOString() };
}
