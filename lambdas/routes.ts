import { fileURLToPath } from 'node:url';
/**
 * THE route table. CDK creates one Lambda and one HTTP API route per entry; the local cloud mounts
 * the same handler on the same path. Nothing else lists the functions.
 *
 * The handler of an entry is `lambdas/functions/<name>.ts`, exporting `handler`.
 */
import type { SecretName } from './core/adapters/secrets';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a function may touch; CDK turns this into least-privilege grants. */
export interface RoutePermissions {
  /** Access to the table. @default 'none' */
  table?: 'none' | 'read' | 'readWrite';
  /**
   * The only partitions it touches, when it touches one kind of item (`USER#*`): CDK adds a
   * dynamodb:LeadingKeys condition to its table grants, which the local cloud enforces as AWS does.
   * @default any partition
   */
  tableKeys?: readonly string[];
  /** May send email through SES. @default false */
  sendEmail?: boolean;
  /** Cognito admin actions on the user pool, e.g. 'cognito-idp:AdminGetUser'. @default [] */
  userPoolActions?: string[];
  /** Secrets the function reads (lambdas/core/adapters/secrets.ts). @default [] */
  secrets?: SecretName[];
  /**
   * What it may do with the escrow state machine: 'start' its executions, 'answer' the callback
   * tasks they wait on (SendTaskSuccess/Failure). @default []
   */
  workflow?: Array<'start' | 'answer'>;
}

/**
 * A route's own request limits, as the HTTP API's route settings hold them: a token bucket of
 * `burstLimit` requests, refilled at `rateLimit` a second. A request finding it empty is answered
 * 429 by the API, before any function runs.
 */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

interface RouteEntry {
  /** Function name; also the handler file name under lambdas/functions. */
  name: string;
  method: HttpMethod;
  /** HTTP API path, with `{param}` placeholders. */
  path: string;
  permissions: RoutePermissions;
  /** The function's timeout when 10 s is not enough for its worst case (under the HTTP API's 30 s). */
  timeoutSeconds?: number;
  /**
   * Money arrives here: the function keeps concurrency of its own (the stage's
   * `lambdaConcurrency.perReservedRoute`), so a flood of any other route cannot leave it none.
   */
  reservedConcurrency?: true;
}

/**
 * One route. 'protected' routes sit behind the JWT authorizer of the user pool and share the stage's
 * default limits (`apiThrottle`); a 'public' one anybody can call, so it has limits of its own: a
 * flood of it is refused at the API and takes neither another route's requests nor its functions.
 */
export type RouteDefinition = RouteEntry &
  ({ auth: 'public'; throttle: RouteThrottle } | { auth: 'protected'; throttle?: never });

/** What a person does by hand on a public page (sign up, recover an account): a few a second at most. */
const byHand: RouteThrottle = { rateLimit: 20, burstLimit: 40 };

/**
 * A person's own items (profile, devices, notifications, preferences): the routes that touch
 * nothing else may touch no other partition (the session check reads the profile too).
 */
const ownItems = ['USER#*'] as const;

export const routes: readonly RouteDefinition[] = [
  {
    name: 'health',
    method: 'GET',
    path: '/health',
    auth: 'public',
    permissions: {},
    throttle: { rateLimit: 10, burstLimit: 20 },
  },
  { name: 'me', method: 'GET', path: '/me', auth: 'protected', permissions: {} },

  // Identity
  {
    name: 'secure-signup',
    method: 'POST',
    path: '/secure-signup',
    auth: 'public',
    throttle: byHand,
    // AdminGetUser/AdminDeleteUser: an address whose account was never confirmed is freed for a new sign-up.
    permissions: {
      table: 'readWrite',
      secrets: ['app', 'captcha'],
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
    },
    // Worst case: the captcha (3 s at most), Cognito's SignUp with its two triggers (5 s each), the
    // profile transaction, and the undo of the user when that fails: it must never stop half-way.
    timeoutSeconds: 25,
  },
  {
    name: 'confirm-email',
    method: 'POST',
    path: '/confirm-email',
    auth: 'public',
    throttle: byHand,
    // ConfirmSignUp is the app client's public call: no grant.
    permissions: { table: 'readWrite' },
  },
  {
    name: 'remove-signup',
    method: 'POST',
    path: '/remove-signup',
    auth: 'public',
    throttle: byHand,
    permissions: {
      table: 'readWrite',
      secrets: ['app'],
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
    },
  },
  {
    name: 'send-signup-confirmation',
    method: 'POST',
    path: '/send-signup-confirmation',
    auth: 'public',
    throttle: byHand,
    permissions: { table: 'readWrite', sendEmail: true },
  },
  {
    name: 'get-security-question',
    method: 'POST',
    path: '/get-security-question',
    auth: 'public',
    throttle: byHand,
    permissions: { table: 'readWrite', secrets: ['app'] },
  },
  {
    name: 'verify-answer-and-reset',
    method: 'POST',
    path: '/verify-answer-and-reset',
    auth: 'public',
    throttle: byHand,
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  {
    name: 'confirm-password-reset',
    method: 'POST',
    path: '/confirm-password-reset',
    auth: 'public',
    throttle: byHand,
    permissions: {
      table: 'readWrite',
      secrets: ['app'],
      userPoolActions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'],
    },
  },
  {
    name: 'get-profile',
    method: 'GET',
    path: '/profile',
    auth: 'protected',
    permissions: { table: 'read', tableKeys: ownItems, userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
  {
    name: 'list-devices',
    method: 'GET',
    path: '/devices',
    auth: 'protected',
    permissions: { table: 'read', tableKeys: ownItems },
  },
  {
    name: 'remove-device',
    method: 'DELETE',
    path: '/devices/{id}',
    auth: 'protected',
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },

  // Contracts
  // Emails: the invitation of an address without an account, or the acceptor's notice (a notification
  // with a step goes out by email too: entities/notification.ts). The app key signs the invitation's
  // stop link and finds whether the address stopped this sender (domain/invitation-stop.ts).
  {
    name: 'create-contract',
    method: 'POST',
    path: '/create-contract',
    auth: 'protected',
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  // An invitation email's "stop emails from this sender": a click on its page, or a mail client's
  // one-click unsubscription. It touches only the stops of addresses (entities/invitation-stop.ts).
  {
    name: 'stop-invitation-emails',
    method: 'POST',
    path: '/stop-invitation-emails/{token}',
    auth: 'public',
    throttle: byHand,
    permissions: { table: 'readWrite', tableKeys: ['INVITE-STOP#*'], secrets: ['app'] },
  },
  // The offer an invitation email's link shows before any sign-up: it reads the contract and the
  // seller's name (the profile), and the app key checks the link's signature (domain/invitation-link.ts).
  {
    name: 'get-invitation',
    method: 'GET',
    path: '/invitations/{token}',
    auth: 'public',
    throttle: byHand,
    permissions: { table: 'read', tableKeys: ['CONTRACT#*', 'USER#*'], secrets: ['app'] },
  },
  {
    name: 'get-contract-for-acceptor',
    method: 'POST',
    path: '/get-contract-for-acceptor',
    auth: 'protected',
    permissions: { table: 'read' },
  },
  {
    name: 'accept-contract',
    method: 'POST',
    path: '/accept-contract',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['start'], sendEmail: true },
  },
  {
    name: 'reject-contract',
    method: 'POST',
    path: '/reject-contract',
    auth: 'protected',
    permissions: { table: 'readWrite', sendEmail: true },
  },
  { name: 'list-my-contracts', method: 'GET', path: '/contracts', auth: 'protected', permissions: { table: 'read' } },
  { name: 'get-contract', method: 'GET', path: '/contracts/{id}', auth: 'protected', permissions: { table: 'read' } },
  { name: 'update-contract', method: 'PATCH', path: '/contracts/{id}', auth: 'protected', permissions: { table: 'readWrite' } },
  { name: 'delete-contract', method: 'DELETE', path: '/contracts/{id}', auth: 'protected', permissions: { table: 'readWrite' } },
  {
    name: 'list-engaged-contracts',
    method: 'GET',
    path: '/engaged-contracts',
    auth: 'protected',
    permissions: { table: 'read' },
  },

  // Templates
  { name: 'create-template', method: 'POST', path: '/templates', auth: 'protected', permissions: { table: 'readWrite' } },
  { name: 'list-my-templates', method: 'GET', path: '/templates', auth: 'protected', permissions: { table: 'read' } },
  { name: 'get-template', method: 'GET', path: '/templates/{id}', auth: 'protected', permissions: { table: 'read' } },
  { name: 'update-template', method: 'PATCH', path: '/templates/{id}', auth: 'protected', permissions: { table: 'readWrite' } },
  { name: 'delete-template', method: 'DELETE', path: '/templates/{id}', auth: 'protected', permissions: { table: 'readWrite' } },
  {
    name: 'fetch-contract-template',
    method: 'POST',
    path: '/fetch-contract-template',
    auth: 'protected',
    permissions: { table: 'read' },
  },
  {
    name: 'create-instance-from-template',
    method: 'POST',
    path: '/create-instance-from-template',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['start'], sendEmail: true },
  },

  // Payments into escrow
  {
    name: 'generate-transfer-account',
    method: 'POST',
    path: '/generate-transfer-account',
    auth: 'protected',
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
    // Worst case: waiting up to 7 s for another request's account, then making one itself (the
    // provider's 10 s at most): never stopped while it holds the contract's claim (its lease is 30 s).
    timeoutSeconds: 20,
  },
  {
    name: 'initiate-opay-payment',
    method: 'POST',
    path: '/initiate-opay-payment',
    auth: 'protected',
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
  },
  {
    name: 'start-card-payment',
    method: 'POST',
    path: '/start-card-payment',
    auth: 'protected',
    permissions: { table: 'readWrite' },
  },
  {
    name: 'get-payment-status',
    method: 'POST',
    path: '/get-payment-status',
    auth: 'protected',
    // A credit it confirms tells both parties (email), and starts or answers the escrow.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: ['start', 'answer'], sendEmail: true },
  },
  {
    name: 'flutterwave-webhook',
    method: 'POST',
    path: '/flutterwave-webhook',
    auth: 'public',
    // Every payment, payout and refund result arrives here: room for the provider's bursts (a refused
    // delivery is found again by the reconciler, but the money waits for it).
    throttle: { rateLimit: 100, burstLimit: 200 },
    reservedConcurrency: true,
    permissions: {
      table: 'readWrite',
      secrets: ['flutterwaveSecretKey', 'flutterwaveWebhookHash'],
      workflow: ['start', 'answer'],
      sendEmail: true,
    },
  },

  // Money out: satisfaction, release, the seller's payout settings
  {
    name: 'mark-delivered',
    method: 'POST',
    path: '/mark-delivered',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  {
    name: 'mark-contract-completed',
    method: 'POST',
    path: '/mark-contract-completed',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  {
    name: 'release-funds',
    method: 'POST',
    path: '/release-funds',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  // Cancelling a funded contract before delivery asks the provider for its refunds and answers the workflow.
  {
    name: 'cancel-contract',
    method: 'POST',
    path: '/cancel-contract',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  // Disputes: opening one answers the workflow's waiting step; a settlement asks the provider for its refunds.
  {
    name: 'open-dispute',
    method: 'POST',
    path: '/open-dispute',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  {
    name: 'propose-settlement',
    method: 'POST',
    path: '/propose-settlement',
    auth: 'protected',
    permissions: { table: 'readWrite', sendEmail: true },
  },
  {
    name: 'accept-settlement',
    method: 'POST',
    path: '/accept-settlement',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  {
    name: 'refund-in-full',
    method: 'POST',
    path: '/refund-in-full',
    auth: 'protected',
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  { name: 'get-dispute', method: 'GET', path: '/contracts/{id}/dispute', auth: 'protected', permissions: { table: 'read' } },
  { name: 'get-refunds', method: 'GET', path: '/contracts/{id}/refunds', auth: 'protected', permissions: { table: 'read' } },
  {
    name: 'get-contract-analytics',
    method: 'GET',
    path: '/contracts/{id}/analytics',
    auth: 'protected',
    permissions: { table: 'read' },
  },
  {
    name: 'flutterwave-proxy',
    method: 'POST',
    path: '/flutterwave-proxy',
    auth: 'protected',
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
  },
  {
    name: 'save-bank-info',
    method: 'POST',
    path: '/save-bank-info',
    auth: 'protected',
    // Saving sends on the money waiting for an account: refunds by transfer, payouts resumed (answering the
    // workflow, or starting the execution that carries on after one that ended).
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], sendEmail: true, workflow: ['start', 'answer'] },
  },
  {
    name: 'request-pin-code',
    method: 'POST',
    path: '/request-pin-code',
    auth: 'protected',
    permissions: { table: 'readWrite', secrets: ['app'], sendEmail: true },
  },
  {
    name: 'reset-pin',
    method: 'POST',
    path: '/reset-pin',
    auth: 'protected',
    permissions: { table: 'readWrite', secrets: ['app'], sendEmail: true },
  },

  {
    name: 'save-email-preferences',
    method: 'POST',
    path: '/email-preferences',
    auth: 'protected',
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },

  // Notifications
  {
    name: 'list-notifications',
    method: 'GET',
    path: '/notifications',
    auth: 'protected',
    permissions: { table: 'read', tableKeys: ownItems },
  },
  {
    name: 'get-realtime-channel',
    method: 'GET',
    path: '/realtime-channel',
    auth: 'protected',
    permissions: { table: 'read', tableKeys: ownItems },
  },
  {
    name: 'mark-notification-read',
    method: 'POST',
    path: '/notifications/{id}/read',
    auth: 'protected',
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },
];

/** The HTTP API's key of a route (`POST /release-funds`): what its route settings and its events name it by. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Absolute path of a route's handler source, for bundlers and the local cloud. */
export function handlerEntry(route: Pick<RouteDefinition, 'name'>): string {
  return fileURLToPath(new URL(`./functions/${route.name}.ts`, import.meta.url));
}

/**
 * What a route's function is granted: what its entry lists, plus, on a protected route, what the
 * session check every protected request passes needs (lambdas/core/runtime/session.ts): reading
 * the caller's profile.
 */
export function grantsOf(route: RouteDefinition): RoutePermissions {
  if (route.auth === 'public') return route.permissions;
  return { ...route.permissions, table: route.permissions.table === 'readWrite' ? 'readWrite' : 'read' };
}
