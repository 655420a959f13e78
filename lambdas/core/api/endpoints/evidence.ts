import {
  confirmEvidenceResponseSchema,
  evidenceFileRequestSchema,
  evidenceLinkResponseSchema,
  requestEvidenceUploadRequestSchema,
  requestEvidenceUploadResponseSchema,
} from '../evidence';
import type { Endpoint } from './endpoint';

/** Evidence files on deliveries and disputes: asking for an upload, confirming it, reading it back. */
export const requestEvidenceUpload = {
  name: 'request-evidence-upload',
  method: 'POST',
  path: '/request-evidence-upload',
  auth: 'protected',
  request: requestEvidenceUploadRequestSchema,
  response: requestEvidenceUploadResponseSchema,
} as const satisfies Endpoint;
export const confirmEvidence = {
  name: 'confirm-evidence',
  method: 'POST',
  path: '/confirm-evidence',
  auth: 'protected',
  request: evidenceFileRequestSchema,
  response: confirmEvidenceResponseSchema,
} as const satisfies Endpoint;
export const evidenceLink = {
  name: 'evidence-link',
  method: 'POST',
  path: '/evidence-link',
  auth: 'protected',
  request: evidenceFileRequestSchema,
  response: evidenceLinkResponseSchema,
} as const satisfies Endpoint;
