import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

export interface LocalUser {
  /** Cognito's internal username; with email sign-in it is the sub. */
  username: string;
  attributes: Record<string, string>;
  status: UserStatus;
  enabled: boolean;
  /** SRP salt and verifier (hex); the password itself is never kept. */
  salt: string;
  verifier: string;
  createdAt: number;
  updatedAt: number;
  confirmationCode?: { code: string; expiresAt: number };
}

export interface RefreshTokenRecord {
  username: string;
  clientId: string;
  /** The sign-in this token belongs to; its ID and access tokens carry it as origin_jti. */
  originJti: string;
  expiresAt: number;
}

interface PoolData {
  users: Record<string, LocalUser>;
  /** sha256(refresh token) -> record */
  refreshTokens: Record<string, RefreshTokenRecord>;
}

/**
 * The pool's users, in memory and, when a file is given, written through to disk so they survive
 * a restart. Writes are atomic (temp file + rename). The file holds password verifiers and
 * refresh-token hashes, so only its owner may read it: the file 0600, its folder 0700.
 */
export class UserStore {
  private data: PoolData = { users: {}, refreshTokens: {} };

  constructor(private readonly file?: string) {
    if (!file) return;
    ensurePrivateDir(dirname(file));
    if (existsSync(file)) {
      chmodSync(file, 0o600); // a pool written before files were kept private
      this.data = JSON.parse(readFileSync(file, 'utf8')) as PoolData;
    }
  }

  newUsername(): string {
    return randomUUID();
  }

  get(username: string): LocalUser | undefined {
    return this.data.users[username];
  }

  /** By username, or by email (the pool's sign-in alias), case-insensitively. */
  find(usernameOrEmail: string): LocalUser | undefined {
    const direct = this.data.users[usernameOrEmail];
    if (direct) return direct;
    const email = usernameOrEmail.trim().toLowerCase();
    return Object.values(this.data.users).find((u) => u.attributes.email?.toLowerCase() === email);
  }

  all(): LocalUser[] {
    return Object.values(this.data.users);
  }

  put(user: LocalUser): void {
    user.updatedAt = nowSeconds();
    this.data.users[user.username] = user;
    this.save();
  }

  delete(username: string): void {
    delete this.data.users[username];
    for (const [hash, record] of Object.entries(this.data.refreshTokens)) {
      if (record.username === username) delete this.data.refreshTokens[hash];
    }
    this.save();
  }

  getRefreshToken(hash: string): RefreshTokenRecord | undefined {
    return this.data.refreshTokens[hash];
  }

  putRefreshToken(hash: string, record: RefreshTokenRecord): void {
    this.data.refreshTokens[hash] = record;
    this.save();
  }

  /** Whether the sign-in behind a token is still live (not revoked, not signed out). */
  isSignInLive(username: string, originJti: string): boolean {
    return Object.values(this.data.refreshTokens).some(
      (r) => r.username === username && r.originJti === originJti && r.expiresAt > nowSeconds(),
    );
  }

  revokeRefreshToken(hash: string): void {
    delete this.data.refreshTokens[hash];
    this.save();
  }

  revokeAllRefreshTokens(username: string): void {
    for (const [hash, record] of Object.entries(this.data.refreshTokens)) {
      if (record.username === username) delete this.data.refreshTokens[hash];
    }
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    ensurePrivateDir(dirname(this.file));
    const temp = `${this.file}.tmp`;
    // A temp file left by a crash keeps its old mode when rewritten, so start from a new one.
    rmSync(temp, { force: true });
    writeFileSync(temp, JSON.stringify(this.data), { mode: 0o600, flag: 'wx' });
    renameSync(temp, this.file);
  }
}

/** Creates the folder if needed and makes it the owner's alone (0700), also when it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
