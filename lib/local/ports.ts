/**
 * Where each part of the local cloud listens, one step apart from the app's port: with `npm start`'s
 * 3000 the API is on 3001, Cognito on 3002 and so on. The cloud binds them (lib/local/index.ts),
 * and the scripts that reach a running cloud read them (scripts/point-at-stage.ts).
 */
const offsets = {
  /** The web app, its config.json and the captcha stand-in. */
  app: 0,
  /** The HTTP API: every route of lambdas/routes.ts. */
  api: 1,
  /** The Cognito user pool endpoint (and its JWKS). */
  cognito: 2,
  /** SES behind its IAM check, and the mailbox page of every email sent. */
  ses: 3,
  /** DynamoDB Local behind its IAM check. */
  dynamodb: 4,
  /** Step Functions, and the executions page. */
  stepFunctions: 5,
  /** The payment provider's sandbox (its v3 API, checkout and bank pages). */
  flutterwave: 6,
  /** AppSync Events (https, and its realtime websocket). */
  events: 7,
  /** Secrets Manager. */
  secretsManager: 8,
  /** S3 (https, behind its IAM check) with the evidence bucket. */
  s3: 9,
} as const;

export type LocalPart = keyof typeof offsets;
export type LocalPorts = Readonly<Record<LocalPart, number>>;

/** `npm start`'s app port when PORT names none. */
export const defaultAppPort = 3000;

/** The app port of the running local cloud a script reaches: its `--port`, else PORT, else `npm start`'s. */
export function runningAppPort(given?: string): number {
  return Number(given ?? process.env.PORT ?? defaultAppPort);
}

/** Each part's port for a cloud whose app is on `appPort`; 0 puts every part on a free port of its own (tests). */
export function localPorts(appPort: number): LocalPorts {
  const ports = Object.entries(offsets).map(([part, offset]) => [part, appPort ? appPort + offset : 0]);
  return Object.fromEntries(ports) as Record<LocalPart, number>;
}
