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
  accessTokenValidityMinutes: 60,
  idTokenValidityMinutes: 60,
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
