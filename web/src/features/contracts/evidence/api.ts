import * as endpoints from '@escrow/api/endpoints';
import type { EvidenceView, RequestEvidenceUploadRequest } from '@escrow/api/evidence';
import { call } from '../../../lib/api';

/** The evidence endpoints (issue 38) and the upload itself, which goes straight to the bucket. */

/** Asks for a presigned POST of one file: the key, the type and the exact size are fixed by it. */
export function requestEvidenceUpload(body: RequestEvidenceUploadRequest) {
  return call(endpoints.requestEvidenceUpload, { body });
}

/** The server reads the uploaded bytes: the file is attached-ready, or refused (422 with why). */
export async function confirmEvidence(fileId: string): Promise<EvidenceView> {
  const reply = await call(endpoints.confirmEvidence, { body: { fileId } });
  return reply.file;
}

/** A short-lived link to read a file (a presigned GET), for the contract's two parties. */
export function evidenceLink(fileId: string): Promise<{ url: string; expiresAt: string }> {
  return call(endpoints.evidenceLink, { body: { fileId } });
}

/** The bucket refused the upload (its answer is S3's XML, nothing a person should read). */
export class UploadRefusedError extends Error {
  constructor(readonly status: number) {
    super(`The bucket refused the upload (${status})`);
    this.name = 'UploadRefusedError';
  }
}

/**
 * POSTs `file` to the bucket as the presigned POST says: every field it gave, then the file last
 * (S3 ignores fields after the file). No token: the signature in the fields is the permission.
 */
export async function uploadToBucket(url: string, fields: Record<string, string>, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(url, { method: 'POST', body: form });
  if (!response.ok) throw new UploadRefusedError(response.status);
}
