import { ValidationError } from '../domain/errors';
import type { EvidencePurpose } from '../domain/evidence';
import { evidenceMessages } from '../domain/evidence';
import { type EvidenceFile, evidenceAttachUpdate, getEvidence } from '../entities/evidence';
import type { TransactItem } from '../entities/table';

/*
 * Attaching evidence files to a delivery or a dispute's messages (issue 38): apart from
 * services/evidence.ts so that the functions writing those messages do not bundle the S3 client.
 */

/**
 * The files a message of `sub` is to carry, checked: each a confirmed file of this contract that
 * `sub` uploaded for `purpose`, never attached before (400 otherwise). Attach them with
 * {@link evidenceAttachUpdate} in the message's own transaction, whose conditions hold the same,
 * so a file attached meanwhile by a concurrent message refuses the whole transaction.
 */
export async function attachableEvidence(
  contractId: string,
  sub: string,
  purpose: EvidencePurpose,
  fileIds: readonly string[] = [],
): Promise<EvidenceFile[]> {
  const files = await Promise.all(fileIds.map(getEvidence));
  return files.map((file) => {
    if (
      !file ||
      file.contract_id !== contractId ||
      file.uploader_id !== sub ||
      file.purpose !== purpose ||
      file.attached_to !== undefined
    )
      throw new ValidationError(evidenceMessages.notAttachable);
    if (file.status !== 'confirmed') throw new ValidationError(evidenceMessages.notConfirmed);
    return file;
  });
}

/** The writes attaching checked files ({@link attachableEvidence}) to the message `attachedTo`. */
export async function evidenceAttachItems(
  contractId: string,
  sub: string,
  purpose: EvidencePurpose,
  attachedTo: string,
  fileIds: readonly string[] = [],
): Promise<TransactItem[]> {
  const files = await attachableEvidence(contractId, sub, purpose, fileIds);
  return files.map((file) => evidenceAttachUpdate(file, sub, purpose, attachedTo));
}
