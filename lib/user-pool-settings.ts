import { tokenValidityMinutes } from '../lambdas/core/runtime/pool-tokens';

/**
 * The user pool's settings, read by the CDK auth construct and by the local Cognito, so the pool
 * a laptop runs behaves like the deployed one.
 */
export const userPoolSettings = {
  /** The spec's minimum password length; no other character rules. */
  passwordMinLength: 6,
  /** Only the custom flow (SRP + device check inside it) and refresh: no flow skips the device check. */
  clientAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
  /** Minutes a sign-in may take between steps (password, security question, email OTP). */
  authSessionValidityMinutes: 15,
  /**
   * ID and access tokens: 15 minutes. The API's JWT authorizer cannot see a revocation, so this
   * bounds how long a token outlives a password reset or sign-out; the refresh token keeps the session.
   * Defined beside the functions' check of a token's life (lambdas/core/runtime/pool-tokens.ts), which
   * refuses a token that claims to live longer.
   */
  accessTokenValidityMinutes: tokenValidityMinutes.access,
  idTokenValidityMinutes: tokenValidityMinutes.id,
  refreshTokenValidityDays: 30,
  /** Hours a sign-up confirmation code stays valid (Cognito's fixed value). */
  confirmationCodeValidityHours: 24,
} as const;

export type ExplicitAuthFlow =
  | 'ALLOW_CUSTOM_AUTH'
  | 'ALLOW_USER_SRP_AUTH'
  | 'ALLOW_USER_PASSWORD_AUTH'
  | 'ALLOW_ADMIN_USER_PASSWORD_AUTH'
  | 'ALLOW_REFRESH_TOKEN_AUTH';
