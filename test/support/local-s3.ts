import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** An answer of the local S3 (or of any URL a test sends to), read whole. */
export interface S3Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request over https trusting `ca` (the local cloud's certificate, as a browser does once it
 * accepted it), or over plain http for an `http:` URL. Node's fetch cannot be given a CA per call
 * without undici's own Agent, and these tests need the raw status, headers and bytes S3 answers.
 */
export function sendTo(
  url: string,
  ca: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<S3Answer> {
  const plain = url.startsWith('http:');
  return new Promise((resolve, reject) => {
    const sent = (plain ? httpRequest : httpsRequest)(
      url,
      { method: init.method ?? 'GET', headers: init.headers, ...(plain ? {} : { ca }) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The `<Code>` of S3's XML error body. */
export const s3ErrorCode = (answer: S3Answer) => /<Code>([^<]+)<\/Code>/.exec(answer.body.toString('utf8'))?.[1];
