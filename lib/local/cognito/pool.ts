import { randomBytes } from 'node:crypto';
import type { UserPoolTriggerName } from '../../../lambdas/triggers';
import { type ExplicitAuthFlow, userPoolSettings } from '../../user-pool-settings';
import { AuthSessions } from './auth-sessions';
import { Decoys } from './decoys';
import { CognitoError, incorrectCredentials } from './errors';
import { AttemptLimiter, RateLimiter } from './limits';
import { str } from './request';
import { createPasswordVerifier } from './srp';
import type { TokenIssuer } from './tokens';
import { invokeTrigger, type PoolIdentity, type TriggerEnvelope, type TriggerHandlers } from './triggers';
import type { LocalUser, UserStore } from './user-store';

export interface PoolClient {
  clientId: string;
  explicitAuthFlows: readonly ExplicitAuthFlow[];
}

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface CognitoServiceOptions extends PoolIdentity {
  clients: PoolClient[];
  users: UserStore;
  tokens: TokenIssuer;
  triggers: TriggerHandlers;
  /** How the pool delivers its own emails (confirmation codes); locally through SES. */
  sendEmail: (message: EmailMessage) => Promise<void>;
  /**
   * The pool's secret for the made-up answers about names that have no account (their internal
   * id, salt and verifier). Kept with the pool's data so those answers stay the same across
   * restarts, as a real account's do. @default a new random key (in memory: tests)
   */
  decoyKey?: string;
}

/** How many confirmation codes a user may ask to be sent again per window, as Cognito throttles it. */
const resendLimit = { count: 5, windowMs: 15 * 60_000 };

/**
 * What the pool's operations share: its settings and users, the sign-ins in progress, the
 * attempt limits, the answers for names without an account, and the checks several operations
 * make the same way (the client, the pool, the password's lockout and policy, the access token).
 */
export class Pool {
  readonly users: UserStore;
  readonly sessions = new AuthSessions();
  /** Wrong passwords and wrong confirmation codes, per `password:<user>` and `confirm:<user>`. */
  readonly attempts = new AttemptLimiter();
  readonly resends = new RateLimiter(resendLimit.count, resendLimit.windowMs);
  /** Keyed per pool so the made-up answers for a name without an account are stable but unguessable. */
  readonly decoys: Decoys;

  constructor(readonly options: CognitoServiceOptions) {
    this.users = options.users;
    this.decoys = new Decoys(options.decoyKey ? Buffer.from(options.decoyKey, 'utf8') : randomBytes(32));
  }

  /** The pool's name as SRP hashes it: the user pool id after the region. */
  get name(): string {
    return this.options.userPoolId.split('_')[1] ?? '';
  }

  get tokens(): TokenIssuer {
    return this.options.tokens;
  }

  /** Runs one of the pool's triggers (unconfigured: its default response). */
  trigger<R extends object>(name: UserPoolTriggerName, envelope: TriggerEnvelope<R>): Promise<R> {
    return invokeTrigger(this.options.triggers, this.options, name, envelope);
  }

  hasTrigger(name: UserPoolTriggerName): boolean {
    return !!this.options.triggers[name];
  }

  client(value: unknown): PoolClient {
    const id = str(value, 'ClientId');
    const client = this.options.clients.find((c) => c.clientId === id);
    if (!client) throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
    return client;
  }

  checkPool(value: unknown): void {
    const id = str(value, 'UserPoolId');
    if (id !== this.options.userPoolId) throw new CognitoError('ResourceNotFoundException', `User pool ${id} does not exist.`);
  }

  /** After repeated wrong passwords Cognito locks the account for a while, doubling each time. */
  checkPasswordLock(username: string): void {
    if (this.attempts.isLocked(`password:${username}`))
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
  }

  /** Counts a wrong password and answers the error to throw. */
  passwordFailed(username: string): CognitoError {
    this.attempts.fail(`password:${username}`);
    return incorrectCredentials();
  }

  passwordSucceeded(username: string): void {
    this.attempts.reset(`password:${username}`);
  }

  checkPasswordPolicy(password: string): void {
    if (password.length < userPoolSettings.passwordMinLength) {
      throw new CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
    }
  }

  setPassword(user: LocalUser, password: string): void {
    this.checkPasswordPolicy(password);
    Object.assign(user, createPasswordVerifier(this.name, user.username, password));
  }

  /** The user an access token was issued to, while that sign-in is live. */
  async userFromAccessToken(value: unknown): Promise<LocalUser> {
    const { username, originJti } = await this.options.tokens.verifyAccessToken(str(value, 'AccessToken'));
    const user = this.users.get(username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (!this.users.isSignInLive(username, originJti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return user;
  }

  /** Ends every sign-in of the user: refresh tokens and the access tokens tied to them. */
  signOutEverywhere(user: LocalUser): void {
    this.users.revokeAllRefreshTokens(user.username);
  }
}
