/**
 * Environment of every function. In AWS, CDK sets these; locally the local cloud sets them,
 * including the endpoint overrides that point the SDK clients at the local stand-ins.
 */
export const envNames = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Address the product's emails come from (a verified SES identity in AWS). */
  mailFrom: 'MAIL_FROM',
  /** Public URL of the web app, for links in emails. */
  appUrl: 'APP_URL',
  stage: 'STAGE',
  /** Google's siteverify locally replaced by the local cloud's verifier. */
  captchaVerifyUrl: 'CAPTCHA_VERIFY_URL',
  /** reCAPTCHA v3 score a sign-up must reach (0..1). */
  captchaMinScore: 'CAPTCHA_MIN_SCORE',
  /** Secrets: in AWS the ARN of a Secrets Manager secret; locally the value itself (local cloud settings). */
  appSecretArn: 'APP_SECRET_ARN',
  appSecret: 'APP_SECRET',
  captchaSecretArn: 'CAPTCHA_SECRET_ARN',
  captchaSecret: 'CAPTCHA_SECRET',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  sesEndpoint: 'SES_ENDPOINT',
  sfnEndpoint: 'SFN_ENDPOINT',
} as const;

export type EnvName = keyof typeof envNames;

/** A required setting; a missing one is a deployment defect, reported without leaking values. */
export function requireEnv(name: EnvName): string {
  const value = process.env[envNames[name]];
  if (!value) throw new Error(`Missing environment variable ${envNames[name]}`);
  return value;
}

export function optionalEnv(name: EnvName): string | undefined {
  return process.env[envNames[name]] || undefined;
}
