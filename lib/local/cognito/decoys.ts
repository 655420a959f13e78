import { createHmac, hkdfSync } from 'node:crypto';
import { decoyVerifier } from './srp';

/**
 * The made-up answers about names without an account (PreventUserExistenceErrors): derived from
 * the name with the pool's key, so they are the same on every try, as a real account's are, and
 * unguessable without the key.
 */
export class Decoys {
  constructor(private readonly key: Buffer) {}

  /**
   * The internal id Cognito shows for a name without an account: a UUID, the same for the same
   * name (any case) in this pool.
   */
  username(typed: string): string {
    const id = this.derive('username', typed.trim().toLowerCase(), 16);
    id[6] = ((id[6] ?? 0) & 0x0f) | 0x40; // version 4, like randomUUID()
    id[8] = ((id[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
    const hex = id.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** A salt and SRP verifier for a decoy id: stable per id, shaped like a real account's. */
  credentials(decoyUsername: string): { salt: string; verifier: string } {
    return {
      salt: this.derive('salt', decoyUsername, 16).toString('hex'),
      verifier: decoyVerifier(this.derive('verifier', decoyUsername, 416)),
    };
  }

  /** A made-up address for a name that is not an email, so the masked destination looks like a real one. */
  email(typed: string): string {
    if (typed.includes('@')) return typed;
    const [a = 0, b = 0] = this.derive('email', typed.trim().toLowerCase(), 2);
    return `${String.fromCharCode(97 + (a % 26))}@${String.fromCharCode(97 + (b % 26))}.com`;
  }

  private derive(purpose: string, name: string, length: number): Buffer {
    const keyed = createHmac('sha256', this.key).update(name).digest();
    return Buffer.from(hkdfSync('sha256', keyed, Buffer.alloc(0), purpose, length));
  }
}
