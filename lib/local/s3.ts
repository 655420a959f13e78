import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalIam } from './iam/authority';
import { startS3Guard } from './iam/s3-guard';
import type { BucketCorsRule } from './iam/stage-iam';

/** The part of s3rver (CommonJS, untyped) the local cloud uses. */
interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: Array<{ name: string }>;
}) => S3rver;

export interface LocalS3Options {
  port: number;
  iam: LocalIam;
  /** The stage's evidence bucket under its local name (the stack's EvidenceBucketName output). */
  bucket: string;
  /** Its CORS rules as the template has them. */
  cors: BucketCorsRule[];
  /** The web app's origin in the template (CDK's app URL) and here: the CORS rules name the first, the browser sends the second. */
  appOrigin: { stage: string; local: string };
  /** Where the objects are kept; omitted = a temporary folder removed at stop. */
  dataDir?: string;
  tls: { key: string; cert: string };
}

export interface LocalS3 {
  /** The https endpoint every S3 request goes to (path-style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * S3 for the evidence files (lib/evidence.ts): s3rver (the emulator of S3's REST API, presigned
 * requests and browser POSTs included) on loopback with the stage's evidence bucket, behind the
 * guard that makes it as strict as S3 (iam/s3-guard.ts). Only the evidence bucket is served: the
 * site's buckets are CloudFront's business, and locally the web app is served from web/dist.
 */
export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'escrow-local-s3-'));
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const S3rverClass = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;
  const store = new S3rverClass({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket }],
  });
  const { port } = await store.run();
  const local = (origin: string) => (origin === options.appOrigin.stage ? options.appOrigin.local : origin);
  try {
    const guard = await startS3Guard({
      port: options.port,
      target: `http://127.0.0.1:${port}`,
      iam: options.iam,
      buckets: { [options.bucket]: { cors: options.cors.map((r) => ({ ...r, AllowedOrigins: r.AllowedOrigins.map(local) })) } },
      tls: options.tls,
    });
    return {
      endpoint: guard.endpoint,
      stop: async () => {
        await guard.stop();
        await closeStore(store);
        if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await closeStore(store);
    throw error;
  }
}

/** s3rver's close waits for idle keep-alive connections: they are ended first. */
async function closeStore(store: S3rver): Promise<void> {
  (store as unknown as { httpServer?: Server }).httpServer?.closeAllConnections();
  await store.close().catch(() => undefined);
}
