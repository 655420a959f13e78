import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { userPoolSettings } from '../../user-pool-settings';
import { CognitoError } from './errors';
import { ensurePrivateDir, type LocalUser, nowSeconds } from './user-store';

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * RS256 signing keys and the tokens the pool issues, with Cognito's claims. The key pair is kept
 * on disk (when a file is given) so tokens stay valid across a restart of the local cloud.
 */
export class TokenIssuer {
  private constructor(
    private readonly key: KeyFile,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly issuer: string,
  ) {}

  static async create(issuer: string, file?: string): Promise<TokenIssuer> {
    let key: KeyFile;
    if (file) ensurePrivateDir(dirname(file));
    if (file && existsSync(file)) {
      chmodSync(file, 0o600); // a key written before files were kept private
      key = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
    } else {
      const pair = await generateKeyPair('RS256', { extractable: true });
      const kid = randomUUID();
      key = {
        kid,
        privateJwk: await exportJWK(pair.privateKey),
        publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
      };
      if (file) writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
    }
    const privateKey = (await importJWK(key.privateJwk, 'RS256')) as CryptoKey;
    const publicKey = (await importJWK(key.publicJwk, 'RS256')) as CryptoKey;
    return new TokenIssuer(key, privateKey, publicKey, issuer);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.key.publicJwk] };
  }

  /**
   * ID and access tokens. `originJti` ties them to the sign-in (and its refresh token), so revoking
   * that refresh token or signing out globally revokes them too, as Cognito does.
   */
  async issue(user: LocalUser, clientId: string, options: { originJti: string; authTime?: number; iat?: number }) {
    const iat = options.iat ?? nowSeconds();
    const authTime = options.authTime ?? iat;
    const originJti = options.originJti;
    const eventId = randomUUID();
    const idClaims = {
      ...userClaims(user),
      'cognito:username': user.username,
      aud: clientId,
      token_use: 'id',
      auth_time: authTime,
      origin_jti: originJti,
      event_id: eventId,
    };
    const accessClaims = {
      sub: user.username,
      client_id: clientId,
      username: user.username,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: authTime,
      origin_jti: originJti,
      event_id: eventId,
    };
    const idToken = await this.sign(idClaims, iat, userPoolSettings.idTokenValidityMinutes * 60);
    const accessToken = await this.sign(accessClaims, iat, userPoolSettings.accessTokenValidityMinutes * 60);
    return {
      IdToken: idToken,
      AccessToken: accessToken,
      ExpiresIn: userPoolSettings.accessTokenValidityMinutes * 60,
      TokenType: 'Bearer',
    };
  }

  /** A new opaque refresh token and the hash under which it is stored. */
  newRefreshToken(): { token: string; hash: string } {
    const token = randomBytes(48).toString('base64url');
    return { token, hash: hashToken(token) };
  }

  /** Verifies an access token as Cognito does for GetUser and friends. */
  async verifyAccessToken(token: string): Promise<{ username: string; originJti: string }> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, { issuer: this.issuer, algorithms: ['RS256'] });
      const { token_use, username, origin_jti } = payload;
      if (token_use !== 'access' || typeof username !== 'string' || typeof origin_jti !== 'string') throw new Error('not access');
      return { username, originJti: origin_jti };
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
  }

  private sign(claims: Record<string, unknown>, iat: number, lifetimeSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.key.kid })
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .setJti(randomUUID())
      .sign(this.privateKey);
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user's attributes as ID-token claims (email_verified as a boolean, like Cognito). */
function userClaims(user: LocalUser): Record<string, unknown> {
  const claims: Record<string, unknown> = { ...user.attributes, sub: user.username };
  if ('email_verified' in user.attributes) claims.email_verified = user.attributes.email_verified === 'true';
  return claims;
}
