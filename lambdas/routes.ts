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

export interface RouteDefinition {
  /** Function name; also the handler file name under lambdas/functions. */
  name: string;
  method: HttpMethod;
  /** HTTP API path, with `{param}` placeholders. */
  path: string;
  /** 'protected' routes sit behind the JWT authorizer of the user pool. */
  auth: 'public' | 'protected';
  permissions: RoutePermissions;
  /** The function's timeout when 10 s is not enough for its worst case (under the HTTP API's 30 s). */
  timeoutSeconds?: number;
}

export const routes: readonly RouteDefinition[] = [
  { name: 'health', method: 'GET', path: '/health', auth: 'public', permissions: {} },
  { name: 'me', method: 'GET', path: '/me', auth: 'protected', permissions: {} },

  // Identity
  {
    name: 'secure-signup',
    method: 'POST',
    path: '/secure-signup',
    auth: 'public',
    permissions: { table: 'readWrite', secrets: ['app', 'captcha'], userPoolActions: ['cognito-idp:AdminDeleteUser'] },
    // Worst case: the captcha (3 s at most), Cognito's SignUp with its two triggers (5 s each), the
    // profile transaction, and the undo of the user when that fails: it must never stop half-way.
    timeoutSeconds: 25,
  },
  {
    name: 'send-signup-confirmation',
    method: 'POST',
    path: '/send-signup-confirmation',
    auth: 'public',
    permissions: { table: 'readWrite', sendEmail: true },
  },
  {
    name: 'get-security-question',
    method: 'POST',
    path: '/get-security-question',
    auth: 'public',
    permissions: { table: 'readWrite', secrets: ['app'] },
  },
  {
    name: 'verify-answer-and-reset',
    method: 'POST',
    path: '/verify-answer-and-reset',
    auth: 'public',
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  {
    name: 'confirm-password-reset',
    method: 'POST',
    path: '/confirm-password-reset',
    auth: 'public',
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
    permissions: { table: 'read', userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
  { name: 'list-devices', method: 'GET', path: '/devices', auth: 'protected', permissions: { table: 'read' } },
  { name: 'remove-device', method: 'DELETE', path: '/devices/{id}', auth: 'protected', permissions: { table: 'readWrite' } },

  // Contracts
  { name: 'create-contract', method: 'POST', path: '/create-contract', auth: 'protected', permissions: { table: 'readWrite' } },
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
    permissions: { table: 'readWrite', workflow: ['start'] },
  },
  { name: 'reject-contract', method: 'POST', path: '/reject-contract', auth: 'protected', permissions: { table: 'readWrite' } },
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
    permissions: { table: 'readWrite', workflow: ['start'] },
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
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: ['start', 'answer'] },
  },
  {
    name: 'flutterwave-webhook',
    method: 'POST',
    path: '/flutterwave-webhook',
    auth: 'public',
    permissions: {
      table: 'readWrite',
      secrets: ['flutterwaveSecretKey', 'flutterwaveWebhookHash'],
      workflow: ['start', 'answer'],
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
    permissions: { table: 'readWrite', workflow: ['answer'] },
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
    permissions: { table: 'readWrite' },
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
    permissions: { table: 'readWrite' },
  },

  // Notifications
  { name: 'list-notifications', method: 'GET', path: '/notifications', auth: 'protected', permissions: { table: 'read' } },
  {
    name: 'mark-notification-read',
    method: 'POST',
    path: '/notifications/{id}/read',
    auth: 'protected',
    permissions: { table: 'readWrite' },
  },
];

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
