import { S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { clientAt } from './aws-client';
import { optionalEnv } from './env';

/**
 * The S3 client of the functions that sign or check evidence files (lib/evidence.ts). Locally the
 * stand-in is addressed by path (`<endpoint>/<bucket>/<key>`): it has no per-bucket host names. It
 * serves https only (the bucket refuses plain http, as enforceSSL makes it in AWS) with the local
 * cloud's self-signed certificate (LOCAL_CA_CERT), which this client alone is told to trust.
 */
export const s3 = /* @__PURE__ */ clientAt('s3Endpoint', (config) => {
  const ca = optionalEnv('localCaCert');
  return new S3Client({
    ...config,
    forcePathStyle: 'endpoint' in config,
    ...(ca && 'endpoint' in config ? { requestHandler: new NodeHttpHandler({ httpsAgent: { keepAlive: true, ca } }) } : {}),
  });
});
