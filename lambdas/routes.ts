import { fileURLToPath } from 'node:url';
/**
 * THE route table. CDK creates one Lambda and one HTTP API route per entry; the local cloud mounts
 * the same handler on the same path. Nothing else lists the functions.
 *
 * What a caller sees of a route (its name, method, path, who may call it, the schemas of its body
 * and reply) is its endpoint, in lambdas/core/api/endpoints.ts, which the web app calls it by;
 * here each endpoint gets, by name, what only the server knows: its permissions, limits, timeout.
 *
 * The handler of an entry is `lambdas/functions/<name>.ts`, exporting `handler`.
 */
import type { SecretName } from './core/adapters/secrets';
import type { Endpoint, HttpMethod } from './core/api/endpoints';
import * as endpoints from './core/api/endpoints';

export type { HttpMethod } from './core/api/endpoints';

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
  /**
   * What it may do in the evidence bucket (lib/evidence.ts): 'upload' signs presigned POSTs to
   * `uploads/`, 'confirm' reads and deletes uploads and copies them to `evidence/`, 'read' signs
   * presigned GETs of `evidence/`, 'retention' rewrites and tags `evidence/` files when their contract
   * ended. A presigned request carries its signer's rights. @default none
   */
  evidence?: 'upload' | 'confirm' | 'read' | 'retention';
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

/** What the server adds to an endpoint. */
interface ServerSide {
  permissions: RoutePermissions;
  /** The function's timeout when 10 s is not enough for its worst case (under the HTTP API's 30 s). */
  timeoutSeconds?: number;
  /**
   * Money arrives here: the function keeps concurrency of its own (the stage's
   * `lambdaConcurrency.perReservedRoute`), so a flood of any other route cannot leave it none.
   */
  reservedConcurrency?: true;
  /**
   * The nested stack its function, route and integration live in (lib/escrow-stage.ts): 'more' for
   * the routes added once the first one neared CloudFormation's 500 resources (about 7 a route).
   * A route is never moved between them: API Gateway refuses a route key the other stack still
   * holds until CloudFormation's clean-up deletes it, at the end of the whole deploy. @default 'first'
   */
  stack?: 'first' | 'more';
}

/**
 * One route. 'protected' routes sit behind the JWT authorizer of the user pool and share the stage's
 * default limits (`apiThrottle`); a 'public' one anybody can call, so it has limits of its own: a
 * flood of it is refused at the API and takes neither another route's requests nor its functions.
 */
export type RouteDefinition = {
  /** Function name; also the handler file name under lambdas/functions. */
  name: string;
  method: HttpMethod;
  /** HTTP API path, with `{param}` placeholders. */
  path: string;
} & ServerSide &
  ({ auth: 'public'; throttle: RouteThrottle } | { auth: 'protected'; throttle?: never });

/** An endpoint's server side: a public one must have its own limits, a protected one shares the stage's. */
type ServerSideOf<E extends Endpoint> = ServerSide &
  (E['auth'] extends 'public' ? { throttle: RouteThrottle } : { throttle?: never });

/** One entry per endpoint, by its export name: a missing one, or one for no endpoint, does not compile. */
type ServerSides = { [Name in keyof typeof endpoints]: ServerSideOf<(typeof endpoints)[Name]> };

/** What a person does by hand on a public page (sign up, recover an account): a few a second at most. */
const byHand: RouteThrottle = { rateLimit: 20, burstLimit: 40 };

/**
 * A person's own items (profile, devices, notifications, preferences): the routes that touch
 * nothing else may touch no other partition (the session check reads the profile too).
 */
const ownItems = ['USER#*'] as const;

const serverSide: ServerSides = {
  health: {
    permissions: {},
    throttle: { rateLimit: 10, burstLimit: 20 },
  },
  me: { permissions: {} },

  // Identity
  secureSignup: {
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
  confirmEmail: {
    throttle: byHand,
    // ConfirmSignUp is the app client's public call: no grant.
    permissions: { table: 'readWrite' },
  },
  removeSignup: {
    throttle: byHand,
    permissions: {
      table: 'readWrite',
      secrets: ['app'],
      userPoolActions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
    },
  },
  sendSignupConfirmation: {
    throttle: byHand,
    permissions: { table: 'readWrite', sendEmail: true },
  },
  getSecurityQuestion: {
    throttle: byHand,
    permissions: { table: 'readWrite', secrets: ['app'] },
  },
  verifyAnswerAndReset: {
    throttle: byHand,
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  confirmPasswordReset: {
    throttle: byHand,
    permissions: {
      table: 'readWrite',
      secrets: ['app'],
      userPoolActions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'],
    },
  },
  getProfile: {
    permissions: { table: 'read', tableKeys: ownItems, userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
  listDevices: {
    permissions: { table: 'read', tableKeys: ownItems },
  },
  removeDevice: {
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },

  // Contracts
  // Emails: the invitation of an address without an account, or the acceptor's notice (a notification
  // with a step goes out by email too: entities/notification.ts). The app key signs the invitation's
  // stop link and finds whether the address stopped this sender (domain/invitation-stop.ts).
  createContract: {
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  // An invitation email's "stop emails from this sender": a click on its page, or a mail client's
  // one-click unsubscription. It touches only the stops of addresses (entities/invitation-stop.ts).
  stopInvitationEmails: {
    throttle: byHand,
    permissions: { table: 'readWrite', tableKeys: ['INVITE-STOP#*'], secrets: ['app'] },
  },
  // The offer an invitation email's link shows before any sign-up: it reads the contract and the
  // seller's name (the profile), and the app key checks the link's signature (domain/invitation-link.ts).
  getInvitation: {
    throttle: byHand,
    permissions: { table: 'read', tableKeys: ['CONTRACT#*', 'USER#*'], secrets: ['app'] },
  },
  getContractForAcceptor: {
    permissions: { table: 'read' },
  },
  acceptContract: {
    permissions: { table: 'readWrite', workflow: ['start'], sendEmail: true },
  },
  rejectContract: {
    permissions: { table: 'readWrite', sendEmail: true },
  },
  listMyContracts: { permissions: { table: 'read' } },
  getContract: { permissions: { table: 'read' } },
  updateContract: { permissions: { table: 'readWrite' } },
  deleteContract: { permissions: { table: 'readWrite' } },
  listEngagedContracts: {
    permissions: { table: 'read' },
  },

  // Templates
  createTemplate: { permissions: { table: 'readWrite' } },
  listMyTemplates: { permissions: { table: 'read' } },
  getTemplate: { permissions: { table: 'read' } },
  updateTemplate: { permissions: { table: 'readWrite' } },
  deleteTemplate: { permissions: { table: 'readWrite' } },
  fetchContractTemplate: {
    permissions: { table: 'read' },
  },
  createInstanceFromTemplate: {
    permissions: { table: 'readWrite', workflow: ['start'], sendEmail: true },
  },

  // Payments into escrow
  generateTransferAccount: {
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
    // Worst case: waiting up to 7 s for another request's account, then making one itself (the
    // provider's 10 s at most): never stopped while it holds the contract's claim (its lease is 30 s).
    timeoutSeconds: 20,
  },
  initiateOpayPayment: {
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
  },
  startCardPayment: {
    permissions: { table: 'readWrite' },
  },
  getPaymentStatus: {
    // A credit it confirms tells both parties (email), and starts or answers the escrow.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: ['start', 'answer'], sendEmail: true },
  },
  flutterwaveWebhook: {
    // Every payment, payout and refund result arrives here: room for the provider's bursts (a refused
    // delivery is found again by the sweep, but the money waits for it).
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
  markDelivered: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  markContractCompleted: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  // A contract in another currency is released at the rate its seller was shown: read again from the provider.
  releaseFunds: {
    permissions: { table: 'readWrite', workflow: ['answer'], secrets: ['flutterwaveSecretKey'] },
  },
  // The seller confirms a moved rate: read again from the provider, then the payout is resumed as ops resume one
  // (answering the workflow, or starting the execution that carries on after one that ended).
  confirmPayoutRate: {
    permissions: { table: 'readWrite', workflow: ['start', 'answer'], secrets: ['flutterwaveSecretKey'] },
  },
  // Cancelling a funded contract before delivery asks the provider for its refunds and answers the workflow.
  cancelContract: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  // Disputes: opening one answers the workflow's waiting step; a settlement asks the provider for its refunds.
  openDispute: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true },
  },
  proposeSettlement: {
    permissions: { table: 'readWrite', sendEmail: true },
  },
  acceptSettlement: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  refundInFull: {
    permissions: { table: 'readWrite', workflow: ['answer'], sendEmail: true, secrets: ['flutterwaveSecretKey'] },
  },
  getDispute: { permissions: { table: 'read' } },

  // Evidence files (issue 38): each function is granted exactly its keys of the bucket.
  requestEvidenceUpload: { permissions: { table: 'readWrite', evidence: 'upload' }, stack: 'more' },
  confirmEvidence: { permissions: { table: 'readWrite', evidence: 'confirm' }, stack: 'more' },
  evidenceLink: { permissions: { table: 'read', evidence: 'read' }, stack: 'more' },
  getRefunds: { permissions: { table: 'read' } },
  // The payout of a contract in another currency is shown in naira at the provider's rate now.
  getContractAnalytics: {
    permissions: { table: 'read', secrets: ['flutterwaveSecretKey'] },
  },
  flutterwaveProxy: {
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'] },
  },
  saveBankInfo: {
    // Saving sends on the money waiting for an account: refunds by transfer, payouts resumed (answering the
    // workflow, or starting the execution that carries on after one that ended).
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], sendEmail: true, workflow: ['start', 'answer'] },
  },
  requestPinCode: {
    permissions: { table: 'readWrite', secrets: ['app'], sendEmail: true },
  },
  resetPin: {
    permissions: { table: 'readWrite', secrets: ['app'], sendEmail: true },
  },

  saveEmailPreferences: {
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },

  // Notifications
  listNotifications: {
    permissions: { table: 'read', tableKeys: ownItems },
  },
  getRealtimeChannel: {
    permissions: { table: 'read', tableKeys: ownItems },
  },
  markNotificationRead: {
    permissions: { table: 'readWrite', tableKeys: ownItems },
  },
};

/** The routes in the order above (the stacks' construct order), each its endpoint's with the server's side. */
export const routes: readonly RouteDefinition[] = Object.entries(serverSide).map(([key, server]): RouteDefinition => {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the server reads every endpoint (a bundle's tree-shaking is the web's concern).
  const { name, method, path, auth } = endpoints[key as keyof typeof endpoints];
  return { name, method, path, auth, ...server } as RouteDefinition;
});

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
