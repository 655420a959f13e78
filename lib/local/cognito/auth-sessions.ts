import { randomBytes } from 'node:crypto';
import { CognitoError } from './errors';
import { str } from './request';

export interface ChallengeResult {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

/** A sign-in in progress, between InitiateAuth and the tokens. */
export interface AuthSession {
  flow: 'USER_SRP_AUTH' | 'CUSTOM_AUTH';
  clientId: string;
  /** The resolved internal username, or the name the caller typed when there is no such user. */
  username: string;
  userNotFound: boolean;
  expiresAt: number;
  expects: 'PASSWORD_VERIFIER' | 'CUSTOM_CHALLENGE';
  srp?: { A: string; b: string; B: string; salt: string; verifier: string; secretBlock: string };
  challenges: ChallengeResult[];
  privateChallengeParameters?: Record<string, string>;
  challengeMetadata?: string;
}

/** The sign-ins in progress, by the opaque `Session` value the caller carries between steps. */
export class AuthSessions {
  private readonly sessions = new Map<string, AuthSession>();

  store(session: AuthSession): string {
    const id = randomBytes(96).toString('base64url');
    this.sessions.set(id, session);
    return id;
  }

  /** Sessions are single-use: each answer gets a new one, and an old one is worthless. */
  take(value: unknown): AuthSession {
    const id = str(value, 'Session');
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    for (const [key, s] of this.sessions) if (s.expiresAt < Date.now()) this.sessions.delete(key);
    if (!session || session.expiresAt < Date.now()) {
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    return session;
  }
}
