import { evidenceDisplayName, evidenceMessages, evidencePurposes, evidenceSizeAllowed, evidenceTypes } from '../domain/evidence';
import * as z from '../domain/zod';
import { idSchema } from './common';
import { enterContractId } from './contracts';
import { evidenceViewSchema } from './evidence-view';

export { type EvidenceView, evidenceViewSchema } from './evidence-view';

/**
 * Evidence files (issue 38): a party asks for an upload (a presigned POST fixing the key, the type
 * and the size), the browser POSTs the file straight to the bucket, the party confirms it (its bytes
 * checked), attaches it to a delivery or a dispute message, and either party reads it back through a
 * short-lived link.
 */

const fileId = idSchema('Name the file.');

export const requestEvidenceUploadRequestSchema = z.object({
  contractId: idSchema(enterContractId),
  purpose: z.enum(evidencePurposes, { message: 'Say whether the file is for a delivery or a dispute.' }),
  name: z.string({ message: evidenceMessages.nameRequired }).check(
    z.maxLength(1_000, evidenceMessages.nameRequired),
    z.refine((name) => evidenceDisplayName(name) !== undefined, evidenceMessages.nameRequired),
  ),
  contentType: z.enum(evidenceTypes, { message: evidenceMessages.typeNotAllowed }),
  // The size in whole bytes, as the browser's File says it: the presigned POST admits exactly it.
  size: z.int({ message: evidenceMessages.sizeRequired }).check(
    z.refine((size) => size >= 1, evidenceMessages.empty),
    z.refine((size) => evidenceSizeAllowed(size) || size < 1, evidenceMessages.tooLarge),
  ),
});
export type RequestEvidenceUploadRequest = z.input<typeof requestEvidenceUploadRequestSchema>;

export const requestEvidenceUploadResponseSchema = z.object({
  fileId: z.string(),
  /** Where the browser POSTs the form: the fields below, then the file last, as `file`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type RequestEvidenceUploadResponse = z.output<typeof requestEvidenceUploadResponseSchema>;

export const evidenceFileRequestSchema = z.object({ fileId });

export const confirmEvidenceResponseSchema = z.object({ file: evidenceViewSchema });

export const evidenceLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
