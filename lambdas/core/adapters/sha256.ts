import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/** What the signer accepts as hash input (@smithy/types' SourceData, not a dependency of ours). */
type SourceData = string | ArrayBuffer | ArrayBufferView;

/**
 * SHA-256 for @smithy/signature-v4, which wants a class with `update()` and an async `digest()`
 * (and an HMAC when given a key). Node's crypto has the algorithms but a different shape: objects
 * from `createHash`/`createHmac` with a synchronous digest. The SDK bridges the two with
 * @smithy/hash-node, which this project does not depend on; these few lines do the same.
 */
export class Sha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }

  update(data: SourceData, encoding?: 'utf8' | 'ascii' | 'latin1'): void {
    this.hash.update(typeof data === 'string' ? Buffer.from(data, encoding ?? 'utf8') : bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

function bytes(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
