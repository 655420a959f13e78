import { createHmac, hkdfSync, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type ExplicitAuthFlow, userPoolSettings } from '../../user-pool-settings';
import { CognitoError, incorrectCredentials, invalidParameter, userNotFound } from './errors';
import {
  createPasswordVerifier,
  createServerEphemeral,
  decoyVerifier,
  isValidSrpA,
  passwordMatchesVerifier,
  verifyPasswordClaim,
} from './srp';
import { hashToken, type TokenIssuer } from './tokens';
import { invokeTrigger, type PoolIdentity, type TriggerHandlers, triggerAttributes } from './triggers';
import { type LocalUser, nowSeconds, type UserStore } from './user-store';

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

interface ChallengeResult {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

/** A sign-in in progress, between InitiateAuth and the tokens. */
interface AuthSession {
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

type Json = Record<string, unknown>;
/** An operation takes the request body as it arrived (any JSON) and checks it before use. */
type Operation = (input: unknown) => Promise<Json>;

export type OperationName =
  | 'SignUp'
  | 'ConfirmSignUp'
  | 'ResendConfirmationCode'
  | 'InitiateAuth'
  | 'RespondToAuthChallenge'
  | 'GetTokensFromRefreshToken'
  | 'GetUser'
  | 'GlobalSignOut'
  | 'RevokeToken'
  | 'ChangePassword'
  | 'AdminGetUser'
  | 'AdminConfirmSignUp'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminUserGlobalSignOut'
  | 'ListUsers';

/**
 * The operations that AWS authorises with IAM: the caller must sign the request (SigV4) with
 * credentials allowed `cognito-idp:<Operation>`. The others are public, called by the browser
 * unsigned, and authorised by their own parameters (client id, session, access token).
 */
export const iamOperations: ReadonlySet<OperationName> = new Set<OperationName>([
  'AdminGetUser',
  'AdminConfirmSignUp',
  'AdminSetUserPassword',
  'AdminUpdateUserAttributes',
  'AdminDeleteUser',
  'AdminUserGlobalSignOut',
  'ListUsers',
]);

/** How many confirmation codes a user may ask to be sent again per window, as Cognito throttles it. */
const resendLimit = { count: 5, windowMs: 15 * 60_000 };

const flowByAuthFlow: Record<string, ExplicitAuthFlow> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};

/**
 * The subset of the Cognito user pool API that the product and Amplify use, with Cognito's
 * behaviour: SRP password proof, the custom-auth trigger loop, Cognito's error names and
 * messages, and no answer that tells whether an account exists.
 */
export class CognitoService {
  private readonly sessions = new Map<string, AuthSession>();
  private readonly attempts = new AttemptLimiter();
  private readonly resends = new RateLimiter(resendLimit.count, resendLimit.windowMs);
  /** Keyed per pool so the made-up answers for a name without an account are stable but unguessable. */
  private readonly decoyKey: Buffer;
  readonly operations: Readonly<Record<OperationName, Operation>>;
  /** The pool's users, for the local tooling (seeding, tests). */
  readonly users: UserStore;

  /** The operation of an `x-amz-target` name, if this pool implements it. */
  operation(name: string): Operation | undefined {
    return Object.hasOwn(this.operations, name) ? this.operations[name as OperationName] : undefined;
  }

  constructor(private readonly options: CognitoServiceOptions) {
    this.users = options.users;
    this.decoyKey = options.decoyKey ? Buffer.from(options.decoyKey, 'utf8') : randomBytes(32);
    // Every operation checks the shape of its input first, so a wrong type anywhere is a 400.
    const checked =
      (run: (input: Json) => Promise<Json>): Operation =>
      async (input) =>
        run(requestInput(input));
    this.operations = {
      SignUp: checked((i) => this.signUp(i)),
      ConfirmSignUp: checked((i) => this.confirmSignUp(i)),
      ResendConfirmationCode: checked((i) => this.resendConfirmationCode(i)),
      InitiateAuth: checked((i) => this.initiateAuth(i)),
      RespondToAuthChallenge: checked((i) => this.respondToAuthChallenge(i)),
      GetTokensFromRefreshToken: checked((i) => this.getTokensFromRefreshToken(i)),
      GetUser: checked((i) => this.getUser(i)),
      GlobalSignOut: checked((i) => this.globalSignOut(i)),
      RevokeToken: checked((i) => this.revokeToken(i)),
      ChangePassword: checked((i) => this.changePassword(i)),
      AdminGetUser: checked((i) => this.adminGetUser(i)),
      AdminConfirmSignUp: checked((i) => this.adminConfirmSignUp(i)),
      AdminSetUserPassword: checked((i) => this.adminSetUserPassword(i)),
      AdminUpdateUserAttributes: checked((i) => this.adminUpdateUserAttributes(i)),
      AdminDeleteUser: checked((i) => this.adminDeleteUser(i)),
      AdminUserGlobalSignOut: checked((i) => this.adminUserGlobalSignOut(i)),
      ListUsers: checked((i) => this.listUsers(i)),
    };
  }

  private get poolName(): string {
    return this.options.userPoolId.split('_')[1] ?? '';
  }

  // ---- sign-up -------------------------------------------------------------------------------

  private async signUp(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const email = str(input.Username, 'Username').trim().toLowerCase();
    const password = str(input.Password, 'Password');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParameter('Username should be an email.');
    this.checkPasswordPolicy(password);
    const attributes = attributeMap(input.UserAttributes);
    attributes.email = email;
    const username = this.options.users.newUsername();
    // PreSignUp runs before the check for an existing account. AWS documents that SignUp answers
    // UsernameExistsException for a taken name even with PreventUserExistenceErrors, but not
    // whether that check comes before or after the trigger. This pool admits only sign-ups that
    // carry secure-signup's signed ticket (lambdas/triggers/pre-sign-up.ts), so checking the
    // ticket first means a direct, unticketed SignUp is refused the same way whether or not the
    // email has an account; only secure-signup (captcha first) ever learns that an email is taken.
    const preSignUp = await invokeTrigger(this.options.triggers, this.options, 'preSignUp', {
      triggerSource: 'PreSignUp_SignUp',
      userName: username,
      clientId: client.clientId,
      request: {
        userAttributes: attributes,
        validationData: attributeMap(input.ValidationData),
        clientMetadata: input.ClientMetadata ?? {},
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });
    if (this.options.users.find(email)) {
      throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    }
    const user: LocalUser = {
      username,
      attributes: { ...attributes, email_verified: 'false' },
      status: 'UNCONFIRMED',
      enabled: true,
      ...createPasswordVerifier(this.poolName, username, password),
      createdAt: nowSeconds(),
      updatedAt: nowSeconds(),
    };
    if (preSignUp.autoConfirmUser) user.status = 'CONFIRMED';
    if (preSignUp.autoVerifyEmail) user.attributes.email_verified = 'true';
    this.options.users.put(user);
    if (user.status === 'UNCONFIRMED')
      await this.sendConfirmationCode(user, client.clientId, 'CustomMessage_SignUp', input.ClientMetadata);
    return {
      UserConfirmed: user.status === 'CONFIRMED',
      UserSub: username,
      ...(user.status === 'UNCONFIRMED' ? { CodeDeliveryDetails: deliveryDetails(email) } : {}),
    };
  }

  private async confirmSignUp(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const user = this.options.users.find(str(input.Username, 'Username'));
    const code = str(input.ConfirmationCode, 'ConfirmationCode');
    const attemptKey = `confirm:${user?.username ?? str(input.Username, 'Username').trim().toLowerCase()}`;
    if (this.attempts.isLocked(attemptKey)) {
      throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    // An unknown user gets the answer a wrong code gets: nobody learns who has an account.
    if (!user?.confirmationCode || user.confirmationCode.code !== code) {
      if (user?.status === 'CONFIRMED') {
        throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      }
      this.attempts.fail(attemptKey);
      throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    }
    this.attempts.reset(attemptKey);
    if (user.confirmationCode.expiresAt < nowSeconds()) {
      throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    if (user.status === 'CONFIRMED') {
      throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
    }
    user.status = 'CONFIRMED';
    user.attributes.email_verified = 'true';
    delete user.confirmationCode;
    await invokeTrigger(this.options.triggers, this.options, 'postConfirmation', {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: user.username,
      clientId: client.clientId,
      request: { userAttributes: triggerAttributes(user), clientMetadata: input.ClientMetadata ?? {} },
      response: {},
    });
    this.options.users.put(user);
    return {};
  }

  /**
   * Throttled per user, a name without an account included (else the throttle would tell the
   * two apart), and a new code does not clear the wrong-code count: the confirmation lockout
   * lasts its time. A name without an account gets the answer a real one gets, with a made-up
   * destination (PreventUserExistenceErrors); a confirmed account gets Cognito's
   * InvalidParameterException, as in AWS.
   */
  private async resendConfirmationCode(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const typed = str(input.Username, 'Username');
    const user = this.options.users.find(typed);
    if (!this.resends.take(user?.username ?? typed.trim().toLowerCase())) {
      throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    if (user && user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
    if (user) await this.sendConfirmationCode(user, client.clientId, 'CustomMessage_ResendCode', input.ClientMetadata);
    return { CodeDeliveryDetails: deliveryDetails(user?.attributes.email ?? this.decoyEmail(typed)) };
  }

  private async sendConfirmationCode(user: LocalUser, clientId: string, triggerSource: string, clientMetadata: unknown) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    user.confirmationCode = { code, expiresAt: nowSeconds() + userPoolSettings.confirmationCodeValidityHours * 3600 };
    this.options.users.put(user);
    const codeParameter = '{####}';
    const message = await invokeTrigger(this.options.triggers, this.options, 'customMessage', {
      triggerSource,
      userName: user.username,
      clientId,
      request: {
        userAttributes: triggerAttributes(user),
        codeParameter,
        usernameParameter: null,
        linkParameter: '{##Click Here##}',
        clientMetadata: clientMetadata ?? {},
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    });
    const body = (message.emailMessage as string | null) ?? `Your confirmation code is ${codeParameter}`;
    if (!body.includes(codeParameter)) {
      throw invalidParameter('Cannot send email: the custom message does not contain the code parameter.');
    }
    await this.options.sendEmail({
      to: user.attributes.email ?? '',
      subject: (message.emailSubject as string | null) ?? 'Your verification code',
      body: body.replaceAll(codeParameter, code),
    });
  }

  // ---- sign-in -------------------------------------------------------------------------------

  private async initiateAuth(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const authFlow = str(input.AuthFlow, 'AuthFlow');
    const allowedAs = flowByAuthFlow[authFlow];
    if (!allowedAs)
      throw invalidParameter(`1 validation error detected: Value '${authFlow}' at 'authFlow' failed to satisfy constraint`);
    if (!client.explicitAuthFlows.includes(allowedAs)) {
      throw invalidParameter(
        `${authFlow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : authFlow} flow not enabled for this client`,
      );
    }
    const params = (input.AuthParameters ?? {}) as Record<string, string | undefined>;
    if (authFlow === 'REFRESH_TOKEN_AUTH' || authFlow === 'REFRESH_TOKEN') return this.refresh(client, params);
    if (authFlow === 'USER_PASSWORD_AUTH') return this.passwordAuth(client, params, input.ClientMetadata);

    const typed = str(params.USERNAME, 'USERNAME');
    const user = this.options.users.find(typed);
    if (user) await this.preAuthentication(user, client.clientId, input);
    const session: AuthSession = {
      flow: authFlow as AuthSession['flow'],
      clientId: client.clientId,
      username: user?.username ?? this.decoyUsername(typed),
      userNotFound: !user,
      expiresAt: Date.now() + userPoolSettings.authSessionValidityMinutes * 60_000,
      expects: 'PASSWORD_VERIFIER',
      challenges: [],
    };
    if (authFlow === 'USER_SRP_AUTH') return this.passwordVerifierChallenge(session, params.SRP_A);
    if (params.SRP_A !== undefined) session.challenges.push({ challengeName: 'SRP_A', challengeResult: true });
    return this.nextStep(session, params.SRP_A, input.ClientMetadata);
  }

  private async respondToAuthChallenge(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const session = this.takeSession(input.Session);
    if (session.clientId !== client.clientId) throw invalidParameter('Invalid session for the client.');
    const name = str(input.ChallengeName, 'ChallengeName');
    const responses = (input.ChallengeResponses ?? {}) as Record<string, string | undefined>;
    if (name !== session.expects) throw invalidParameter(`Invalid challenge name: ${name}`);

    if (name === 'PASSWORD_VERIFIER') {
      this.checkPasswordLock(session.username);
      const srp = session.srp;
      // A name without an account goes through the whole proof too, against its decoy verifier,
      // so the answer takes as long as for a real account with a wrong password.
      const proven =
        !!srp &&
        responses.PASSWORD_CLAIM_SECRET_BLOCK === srp.secretBlock &&
        verifyPasswordClaim({
          poolName: this.poolName,
          username: session.username,
          salt: srp.salt,
          verifier: srp.verifier,
          b: srp.b,
          B: srp.B,
          A: srp.A,
          secretBlock: str(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'PASSWORD_CLAIM_SECRET_BLOCK'),
          timestamp: str(responses.TIMESTAMP, 'TIMESTAMP'),
          signature: str(responses.PASSWORD_CLAIM_SIGNATURE, 'PASSWORD_CLAIM_SIGNATURE'),
        });
      if (!proven || session.userNotFound) throw this.passwordFailed(session.username);
      this.attempts.reset(`password:${session.username}`);
      const user = this.signInUser(session.username);
      if (session.flow === 'USER_SRP_AUTH') return this.finish(user, session.clientId, input.ClientMetadata);
      session.challenges.push({ challengeName: 'PASSWORD_VERIFIER', challengeResult: true });
      return this.nextStep(session, undefined, input.ClientMetadata);
    }

    const answer = str(responses.ANSWER, 'ChallengeResponses.ANSWER');
    const user = this.options.users.get(session.username);
    const verdict = await invokeTrigger(this.options.triggers, this.options, 'verifyAuthChallengeResponse', {
      triggerSource: 'VerifyAuthChallengeResponse_Authentication',
      userName: session.username,
      clientId: session.clientId,
      request: {
        userAttributes: user ? triggerAttributes(user) : {},
        privateChallengeParameters: session.privateChallengeParameters ?? {},
        challengeAnswer: answer,
        clientMetadata: input.ClientMetadata ?? {},
        userNotFound: session.userNotFound,
      },
      response: { answerCorrect: false },
    });
    session.challenges.push({
      challengeName: 'CUSTOM_CHALLENGE',
      challengeResult: verdict.answerCorrect === true,
      challengeMetadata: session.challengeMetadata,
    });
    return this.nextStep(session, undefined, input.ClientMetadata);
  }

  /** Asks DefineAuthChallenge what comes next and carries it out. */
  private async nextStep(session: AuthSession, srpA: string | undefined, clientMetadata: unknown): Promise<Json> {
    if (!this.options.triggers.defineAuthChallenge) {
      throw invalidParameter('Custom auth lambda trigger is not configured for the user pool.');
    }
    const user = this.options.users.get(session.username);
    const decision = await invokeTrigger(this.options.triggers, this.options, 'defineAuthChallenge', {
      triggerSource: 'DefineAuthChallenge_Authentication',
      userName: session.username,
      clientId: session.clientId,
      request: {
        userAttributes: user ? triggerAttributes(user) : {},
        session: session.challenges,
        clientMetadata: clientMetadata ?? {},
        userNotFound: session.userNotFound,
      },
      response: { challengeName: undefined as string | undefined, issueTokens: false, failAuthentication: false },
    });
    if (decision.failAuthentication) throw incorrectCredentials();
    if (decision.issueTokens) {
      if (session.userNotFound || !user) throw incorrectCredentials();
      return this.finish(this.signInUser(user.username), session.clientId, clientMetadata);
    }
    if (decision.challengeName === 'PASSWORD_VERIFIER' && srpA !== undefined) {
      return this.passwordVerifierChallenge(session, srpA);
    }
    if (decision.challengeName !== 'CUSTOM_CHALLENGE') {
      throw new CognitoError('UserLambdaValidationException', 'DefineAuthChallenge failed with error Invalid challenge name.');
    }
    const created = await invokeTrigger(this.options.triggers, this.options, 'createAuthChallenge', {
      triggerSource: 'CreateAuthChallenge_Authentication',
      userName: session.username,
      clientId: session.clientId,
      request: {
        userAttributes: user ? triggerAttributes(user) : {},
        challengeName: 'CUSTOM_CHALLENGE',
        session: session.challenges,
        clientMetadata: clientMetadata ?? {},
        userNotFound: session.userNotFound,
      },
      response: {
        publicChallengeParameters: {} as Record<string, string>,
        privateChallengeParameters: {} as Record<string, string>,
        challengeMetadata: undefined as string | undefined,
      },
    });
    session.expects = 'CUSTOM_CHALLENGE';
    session.privateChallengeParameters = created.privateChallengeParameters;
    session.challengeMetadata = created.challengeMetadata;
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      ChallengeParameters: { ...created.publicChallengeParameters, USERNAME: session.username },
      Session: this.storeSession(session),
    };
  }

  private passwordVerifierChallenge(session: AuthSession, srpA: string | undefined): Json {
    if (srpA === undefined) throw invalidParameter('Missing required parameter SRP_A');
    if (!isValidSrpA(srpA)) throw invalidParameter('SRP_A is not valid.');
    const user = session.userNotFound ? undefined : this.options.users.get(session.username);
    const { salt, verifier } = user ?? this.decoyCredentials(session.username);
    const { b, B } = createServerEphemeral(verifier);
    const secretBlock = randomBytes(64).toString('base64');
    session.srp = { A: srpA, b, B, salt, verifier, secretBlock };
    session.expects = 'PASSWORD_VERIFIER';
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: salt,
        SRP_B: B,
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: session.username,
        USERNAME: session.username,
      },
      Session: this.storeSession(session),
    };
  }

  private async passwordAuth(
    client: PoolClient,
    params: Record<string, string | undefined>,
    clientMetadata: unknown,
  ): Promise<Json> {
    const typed = str(params.USERNAME, 'USERNAME');
    const user = this.options.users.find(typed);
    const password = str(params.PASSWORD, 'PASSWORD');
    const username = user?.username ?? this.decoyUsername(typed);
    const { salt, verifier } = user ?? this.decoyCredentials(username);
    // Checked against the decoy too, so an unknown name costs the same as a wrong password.
    if (!passwordMatchesVerifier(this.poolName, username, password, salt, verifier) || !user) throw incorrectCredentials();
    return this.finish(this.signInUser(user.username), client.clientId, clientMetadata);
  }

  /** Amplify's refresh call (newer than InitiateAuth REFRESH_TOKEN_AUTH); same rules. */
  private async getTokensFromRefreshToken(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    if (!client.explicitAuthFlows.includes('ALLOW_REFRESH_TOKEN_AUTH')) {
      throw invalidParameter('REFRESH_TOKEN_AUTH flow not enabled for this client');
    }
    const { AuthenticationResult } = await this.refresh(client, { REFRESH_TOKEN: str(input.RefreshToken, 'RefreshToken') });
    return { AuthenticationResult };
  }

  private async refresh(client: PoolClient, params: Record<string, string | undefined>): Promise<Json> {
    const token = str(params.REFRESH_TOKEN, 'REFRESH_TOKEN');
    const record = this.options.users.getRefreshToken(hashToken(token));
    if (!record || record.clientId !== client.clientId || record.expiresAt < nowSeconds()) {
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    }
    const user = this.options.users.get(record.username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    const tokens = await this.options.tokens.issue(user, client.clientId, { originJti: record.originJti });
    return { AuthenticationResult: tokens, ChallengeParameters: {} };
  }

  private async preAuthentication(user: LocalUser, clientId: string, input: Json): Promise<void> {
    await invokeTrigger(this.options.triggers, this.options, 'preAuthentication', {
      triggerSource: 'PreAuthentication_Authentication',
      userName: user.username,
      clientId,
      request: { userAttributes: triggerAttributes(user), validationData: {}, clientMetadata: input.ClientMetadata ?? {} },
      response: {},
    });
  }

  /** The password is right; Cognito now refuses unconfirmed and disabled users. */
  private signInUser(username: string): LocalUser {
    const user = this.options.users.get(username);
    if (!user) throw incorrectCredentials();
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    return user;
  }

  private async finish(user: LocalUser, clientId: string, clientMetadata: unknown): Promise<Json> {
    await invokeTrigger(this.options.triggers, this.options, 'postAuthentication', {
      triggerSource: 'PostAuthentication_Authentication',
      userName: user.username,
      clientId,
      request: { userAttributes: triggerAttributes(user), newDeviceUsed: false, clientMetadata: clientMetadata ?? {} },
      response: {},
    });
    const refresh = this.options.tokens.newRefreshToken();
    const originJti = randomUUID();
    this.options.users.putRefreshToken(refresh.hash, {
      username: user.username,
      clientId,
      originJti,
      expiresAt: nowSeconds() + userPoolSettings.refreshTokenValidityDays * 86_400,
    });
    const tokens = await this.options.tokens.issue(user, clientId, { originJti });
    return { AuthenticationResult: { ...tokens, RefreshToken: refresh.token }, ChallengeParameters: {} };
  }

  private storeSession(session: AuthSession): string {
    const id = randomBytes(96).toString('base64url');
    this.sessions.set(id, session);
    return id;
  }

  /** Sessions are single-use: each answer gets a new one, and an old one is worthless. */
  private takeSession(value: unknown): AuthSession {
    const id = str(value, 'Session');
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    for (const [key, s] of this.sessions) if (s.expiresAt < Date.now()) this.sessions.delete(key);
    if (!session || session.expiresAt < Date.now()) {
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    return session;
  }

  // ---- signed-in user ------------------------------------------------------------------------

  private async userFromAccessToken(value: unknown): Promise<LocalUser> {
    const { username, originJti } = await this.options.tokens.verifyAccessToken(str(value, 'AccessToken'));
    const user = this.options.users.get(username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (!this.options.users.isSignInLive(username, originJti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return user;
  }

  private async getUser(input: Json): Promise<Json> {
    const user = await this.userFromAccessToken(input.AccessToken);
    return { Username: user.username, UserAttributes: attributeList(user) };
  }

  private async globalSignOut(input: Json): Promise<Json> {
    this.signOutEverywhere(await this.userFromAccessToken(input.AccessToken));
    return {};
  }

  private async revokeToken(input: Json): Promise<Json> {
    const client = this.client(input.ClientId);
    const hash = hashToken(str(input.Token, 'Token'));
    const record = this.options.users.getRefreshToken(hash);
    if (record && record.clientId === client.clientId) this.options.users.revokeRefreshToken(hash);
    return {};
  }

  private async changePassword(input: Json): Promise<Json> {
    const user = await this.userFromAccessToken(input.AccessToken);
    const previous = str(input.PreviousPassword, 'PreviousPassword');
    const proposed = str(input.ProposedPassword, 'ProposedPassword');
    this.checkPasswordLock(user.username);
    if (!passwordMatchesVerifier(this.poolName, user.username, previous, user.salt, user.verifier)) {
      throw this.passwordFailed(user.username);
    }
    this.attempts.reset(`password:${user.username}`);
    this.setPassword(user, proposed);
    this.options.users.put(user);
    return {};
  }

  /** Ends every sign-in of the user: refresh tokens and the access tokens tied to them. */
  private signOutEverywhere(user: LocalUser): void {
    this.options.users.revokeAllRefreshTokens(user.username);
  }

  // ---- admin (signed with the service's credentials in AWS) ----------------------------------

  private adminUser(input: Json): LocalUser {
    this.checkPool(input.UserPoolId);
    const user = this.options.users.find(str(input.Username, 'Username'));
    if (!user) throw userNotFound();
    return user;
  }

  private async adminGetUser(input: Json): Promise<Json> {
    const user = this.adminUser(input);
    const { Attributes, ...rest } = userType(user);
    return { ...rest, UserAttributes: Attributes };
  }

  private async adminConfirmSignUp(input: Json): Promise<Json> {
    const user = this.adminUser(input);
    if (user.status !== 'UNCONFIRMED') {
      throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`);
    }
    user.status = 'CONFIRMED';
    delete user.confirmationCode;
    this.options.users.put(user);
    return {};
  }

  private async adminSetUserPassword(input: Json): Promise<Json> {
    const user = this.adminUser(input);
    this.setPassword(user, str(input.Password, 'Password'));
    user.status = input.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
    this.options.users.put(user);
    return {};
  }

  private async adminUpdateUserAttributes(input: Json): Promise<Json> {
    const user = this.adminUser(input);
    const changes = attributeMap(input.UserAttributes);
    if ('sub' in changes) throw invalidParameter('Cannot modify the non-mutable attribute sub');
    if (changes.email) {
      const email = changes.email.trim().toLowerCase();
      const owner = this.options.users.find(email);
      if (owner && owner.username !== user.username) {
        throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
      }
      changes.email = email;
    }
    Object.assign(user.attributes, changes);
    this.options.users.put(user);
    return {};
  }

  private async adminDeleteUser(input: Json): Promise<Json> {
    this.options.users.delete(this.adminUser(input).username);
    return {};
  }

  private async adminUserGlobalSignOut(input: Json): Promise<Json> {
    this.signOutEverywhere(this.adminUser(input));
    return {};
  }

  private async listUsers(input: Json): Promise<Json> {
    this.checkPool(input.UserPoolId);
    let users = this.options.users.all();
    if (typeof input.Filter === 'string' && input.Filter.trim()) {
      const match = /^\s*([\w:]+)\s*(\^?=)\s*"(.*)"\s*$/.exec(input.Filter);
      if (!match) throw invalidParameter('Error while parsing filter.');
      const [, name = '', op, value = ''] = match;
      users = users.filter((u) => {
        const actual = filterValue(u, name);
        if (actual === undefined) return false;
        return op === '=' ? actual === value : actual.startsWith(value);
      });
    }
    const limit = typeof input.Limit === 'number' ? input.Limit : 60;
    if (!Number.isInteger(limit) || limit < 0 || limit > 60) {
      throw invalidParameter(
        `1 validation error detected: Value '${limit}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60`,
      );
    }
    return { Users: users.slice(0, limit).map(userType) };
  }

  // ---- names without an account (PreventUserExistenceErrors) ---------------------------------

  /**
   * The internal id Cognito shows for a name without an account: a UUID, the same for the same
   * name (any case) in this pool, unguessable without the pool's key.
   */
  private decoyUsername(typed: string): string {
    const id = this.derive('username', typed.trim().toLowerCase(), 16);
    id[6] = ((id[6] ?? 0) & 0x0f) | 0x40; // version 4, like randomUUID()
    id[8] = ((id[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
    const hex = id.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** A salt and SRP verifier for a decoy id: stable per id, shaped like a real account's. */
  private decoyCredentials(decoyUsername: string): { salt: string; verifier: string } {
    return {
      salt: this.derive('salt', decoyUsername, 16).toString('hex'),
      verifier: decoyVerifier(this.derive('verifier', decoyUsername, 416)),
    };
  }

  /** A made-up address for a name that is not an email, so the masked destination looks like a real one. */
  private decoyEmail(typed: string): string {
    if (typed.includes('@')) return typed;
    const [a = 0, b = 0] = this.derive('email', typed.trim().toLowerCase(), 2);
    return `${String.fromCharCode(97 + (a % 26))}@${String.fromCharCode(97 + (b % 26))}.com`;
  }

  private derive(purpose: string, name: string, length: number): Buffer {
    const keyed = createHmac('sha256', this.decoyKey).update(name).digest();
    return Buffer.from(hkdfSync('sha256', keyed, Buffer.alloc(0), purpose, length));
  }

  // ---- shared --------------------------------------------------------------------------------

  private client(value: unknown): PoolClient {
    const id = str(value, 'ClientId');
    const client = this.options.clients.find((c) => c.clientId === id);
    if (!client) throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
    return client;
  }

  private checkPool(value: unknown): void {
    const id = str(value, 'UserPoolId');
    if (id !== this.options.userPoolId) throw new CognitoError('ResourceNotFoundException', `User pool ${id} does not exist.`);
  }

  /** After repeated wrong passwords Cognito locks the account for a while, doubling each time. */
  private checkPasswordLock(username: string): void {
    if (this.attempts.isLocked(`password:${username}`))
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
  }

  private passwordFailed(username: string): CognitoError {
    this.attempts.fail(`password:${username}`);
    return incorrectCredentials();
  }

  private checkPasswordPolicy(password: string): void {
    if (password.length < userPoolSettings.passwordMinLength) {
      throw new CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
    }
  }

  private setPassword(user: LocalUser, password: string): void {
    this.checkPasswordPolicy(password);
    Object.assign(user, createPasswordVerifier(this.poolName, user.username, password));
  }
}

/**
 * Failed attempts per key. From the fifth failure on, the key is locked for 1 s, then 2 s, 4 s...
 * up to 15 minutes (Cognito's lockout curve for passwords and codes).
 */
class AttemptLimiter {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();
  static readonly freeFailures = 5;

  isLocked(key: string): boolean {
    return (this.entries.get(key)?.lockedUntil ?? 0) > Date.now();
  }

  fail(key: string): void {
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    entry.failures += 1;
    const over = entry.failures - AttemptLimiter.freeFailures;
    if (over >= 0) entry.lockedUntil = Date.now() + Math.min(1000 * 2 ** over, 15 * 60_000);
    this.entries.set(key, entry);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}

/** At most `limit` events per key within a sliding window. */
class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for the key; false when the key is over its limit (nothing counted then). */
  take(key: string): boolean {
    const now = Date.now();
    if (this.events.size > 10_000) {
      for (const [k, times] of this.events) if (times.every((t) => t <= now - this.windowMs)) this.events.delete(k);
    }
    const recent = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    this.events.set(key, recent);
    return allowed;
  }
}

// The request members the operations read, with their types in Cognito's API. Members arriving
// as null count as absent, as in AWS; anything else of the wrong type is refused with the JSON
// protocol's SerializationException (400), never reaching an operation.
const text = z.string().nullish();
const textMap = z.record(z.string(), z.string()).nullish();
const attributeTypes = z.array(z.object({ Name: z.string(), Value: z.string().nullish() })).nullish();
const requestMembers = z.looseObject({
  AccessToken: text,
  AuthFlow: text,
  AuthParameters: textMap,
  ChallengeName: text,
  ChallengeResponses: textMap,
  ClientId: text,
  ClientMetadata: textMap,
  ConfirmationCode: text,
  Filter: text,
  Limit: z.number().nullish(),
  Password: text,
  Permanent: z.boolean().nullish(),
  PreviousPassword: text,
  ProposedPassword: text,
  RefreshToken: text,
  Session: text,
  Token: text,
  UserAttributes: attributeTypes,
  UserPoolId: text,
  Username: text,
  ValidationData: attributeTypes,
});

/** The request body as an operation may use it: a JSON object whose known members have their types. */
function requestInput(input: unknown): Json {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
  }
  const parsed = requestMembers.safeParse(input);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new CognitoError('SerializationException', `Unexpected value type for ${where || 'the request'}.`);
  }
  return parsed.data;
}

function str(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

function attributeMap(value: unknown): Record<string, string> {
  if (!Array.isArray(value)) return {};
  return Object.fromEntries(value.map((a: { Name: string; Value?: string | null }) => [a.Name, a.Value ?? '']));
}

function attributeList(user: LocalUser) {
  return Object.entries({ sub: user.username, ...user.attributes }).map(([Name, Value]) => ({ Name, Value }));
}

function userType(user: LocalUser) {
  return {
    Username: user.username,
    Attributes: attributeList(user),
    UserCreateDate: user.createdAt,
    UserLastModifiedDate: user.updatedAt,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

function filterValue(user: LocalUser, name: string): string | undefined {
  if (name === 'username') return user.username;
  if (name === 'sub') return user.username;
  if (name === 'cognito:user_status' || name === 'status') return user.status;
  return user.attributes[name];
}

/** Cognito masks the destination: a***@e***. */
function deliveryDetails(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return { Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`, DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
