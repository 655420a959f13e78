import { S3Client } from '@aws-sdk/client-s3';
import { clientAt } from './aws-client';

/**
 * The S3 client of the functions that sign or check evidence files (lib/evidence.ts). Locally the
 * stand-in is addressed by path (`<endpoint>/<bucket>/<key>`): it has no per-bucket host names.
 */
export const s3 = /* @__PURE__ */ clientAt(
  's3Endpoint',
  (config) => new S3Client({ ...config, forcePathStyle: 'endpoint' in config }),
);
