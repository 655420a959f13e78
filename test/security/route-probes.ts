import { deviceIdHeader } from '../../lambdas/core/api/http';
import { type RouteDefinition, routes } from '../../lambdas/routes';

/**
 * An attacker's probe of every route of the route table (lambdas/routes.ts): how to call it
 * against things the seller owns, and who may. The security tests generate their cases from these,
 * so a route added to the table without a probe fails them (`probeFor` throws).
 */

/**
 * Who a route lets act on the seller's things:
 * - 'public': anyone, signed in or not;
 * - 'self': acts only on the caller's own account and data; naming the seller's things must
 *   neither touch nor reveal them;
 * - 'holder': anyone signed in who holds the id (the spec's "share the ID" flows); they see only
 *   the shared fields, never who the seller is;
 * - 'creator': only the contract's or template's creator (the seller);
 * - 'party': the creator, the named acceptor or a payer;
 * - 'acceptor': only the named acceptor (the buyer), never the creator;
 * - 'payer': only who paid into the contract (the buyer), never the creator.
 */
export type Access = 'public' | 'self' | 'holder' | 'creator' | 'party' | 'acceptor' | 'payer';

/** The seller's things the probes aim at, and the people around them. */
export interface Targets {
  seller: { sub: string; email: string; deviceId: string; answer: string };
  buyer: { sub: string };
  /** The seller's contract, named for the buyer, accepted and paid by them. */
  contractId: string;
  /** The seller's template. */
  templateId: string;
  /** Another template of the seller's, the one a delete may remove. */
  spareTemplateId: string;
  /** One of the seller's notifications. */
  notificationId: string;
  /** The buyer's payment into the seller's contract. */
  txRef: string;
  /** A file the seller uploaded and confirmed for a dispute of the contract. */
  evidenceFileId: string;
}

/** Who sends a probe: their id and the device they call from. */
export interface Caller {
  sub: string;
  deviceId: string;
}

export interface ProbeRequest {
  /** The route's path with its parameters filled in (already %-encoded). */
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface Probe {
  route: RouteDefinition;
  access: Access;
  /** A well-formed request aimed at the seller's things. */
  request(targets: Targets, caller: Caller): ProbeRequest;
  /** An allowed call by someone else tells the seller (a notification): only that may change among the seller's things. */
  tellsOwner?: boolean;
}

type ProbeSpec = Omit<Probe, 'route'>;

const id = encodeURIComponent;
const contract = (t: Targets) => ({ contractId: t.contractId });

const probes: Record<string, ProbeSpec> = {
  health: { access: 'public', request: () => ({ path: '/health' }) },
  me: { access: 'self', request: () => ({ path: '/me' }) },

  // Identity: the attacker aims the public flows at the seller's email.
  'secure-signup': {
    access: 'public',
    request: (t) => ({
      path: '/secure-signup',
      body: {
        email: t.seller.email,
        password: 'attacker-pass-1',
        captchaToken: 'not-a-captcha-token',
        userData: {
          full_name: 'Attacker',
          phone_number: '+2348000000000',
          security_question: 'Favourite colour?',
          security_answer: 'red',
        },
        deviceInfo: {
          device_id: 'attacker-device',
          device_name: 'Linux PC',
          user_agent: 'probe',
          platform: 'Linux',
          screen_resolution: '1x1',
          timezone: 'UTC',
          language: 'en',
        },
      },
    }),
  },
  'send-signup-confirmation': {
    access: 'public',
    request: (t) => ({ path: '/send-signup-confirmation', body: { email: t.seller.email } }),
  },
  'confirm-email': {
    access: 'public',
    request: (t) => ({ path: '/confirm-email', body: { email: t.seller.email, code: '123456', password: 'a guess' } }),
  },
  'remove-signup': {
    access: 'public',
    request: (t) => ({ path: '/remove-signup', body: { email: t.seller.email, token: 'a'.repeat(43) } }),
  },
  'get-security-question': {
    access: 'public',
    request: (t) => ({ path: '/get-security-question', body: { email: t.seller.email, fingerprint: 'probe' } }),
  },
  'verify-answer-and-reset': {
    access: 'public',
    request: (t) => ({
      path: '/verify-answer-and-reset',
      body: { email: t.seller.email, securityAnswer: 'a guess', deviceFingerprint: 'probe' },
    }),
  },
  'confirm-password-reset': {
    access: 'public',
    request: () => ({ path: '/confirm-password-reset', body: { token: 'A'.repeat(43), newPassword: 'attacker-pass-1' } }),
  },
  'get-profile': { access: 'self', request: () => ({ path: '/profile' }) },
  'list-devices': { access: 'self', request: () => ({ path: '/devices' }) },
  'remove-device': {
    access: 'self',
    request: (t, caller) => ({ path: `/devices/${id(t.seller.deviceId)}`, headers: { [deviceIdHeader]: caller.deviceId } }),
  },

  // Contracts
  'create-contract': {
    access: 'self',
    request: (t) => ({
      path: '/create-contract',
      body: { acceptorId: t.buyer.sub, title: 'Probe', description: 'Probe contract', value: '100', currency: 'NGN' },
    }),
  },
  // An attacker's stop link for the seller as sender: the right shape, never signed by us.
  'stop-invitation-emails': {
    access: 'public',
    request: (t) => ({
      path: `/stop-invitation-emails/${Buffer.from(t.seller.sub).toString('base64url')}.${'A'.repeat(43)}.${'B'.repeat(43)}`,
    }),
  },
  // An attacker's invitation link for the seller's contract: the right shape, never signed by us.
  'get-invitation': { access: 'public', request: (t) => ({ path: `/invitations/${id(t.contractId)}.${'A'.repeat(43)}` }) },
  'get-contract-for-acceptor': { access: 'holder', request: (t) => ({ path: '/get-contract-for-acceptor', body: contract(t) }) },
  'accept-contract': { access: 'acceptor', request: (t) => ({ path: '/accept-contract', body: contract(t) }) },
  'reject-contract': { access: 'acceptor', request: (t) => ({ path: '/reject-contract', body: contract(t) }) },
  'list-my-contracts': { access: 'self', request: () => ({ path: '/contracts' }) },
  'get-contract': { access: 'party', request: (t) => ({ path: `/contracts/${id(t.contractId)}` }) },
  'update-contract': {
    access: 'creator',
    request: (t) => ({
      path: `/contracts/${id(t.contractId)}`,
      body: { title: 'Taken over', description: 'Changed by someone else', value: '1', currency: 'NGN' },
    }),
  },
  'delete-contract': { access: 'creator', request: (t) => ({ path: `/contracts/${id(t.contractId)}` }) },
  'list-engaged-contracts': { access: 'self', request: () => ({ path: '/engaged-contracts' }) },

  // Templates
  'create-template': {
    access: 'self',
    request: () => ({
      path: '/templates',
      body: { title: 'Probe', description: 'Probe template', base_price: '10', currency: 'NGN' },
    }),
  },
  'list-my-templates': { access: 'self', request: () => ({ path: '/templates' }) },
  'get-template': { access: 'creator', request: (t) => ({ path: `/templates/${id(t.templateId)}` }) },
  'update-template': {
    access: 'creator',
    request: (t) => ({
      path: `/templates/${id(t.templateId)}`,
      body: { title: 'Taken over', description: 'Changed by someone else', base_price: '1', currency: 'NGN' },
    }),
  },
  'delete-template': { access: 'creator', request: (t) => ({ path: `/templates/${id(t.spareTemplateId)}` }) },
  'fetch-contract-template': {
    access: 'holder',
    request: (t) => ({ path: '/fetch-contract-template', body: { templateId: t.templateId } }),
  },
  'create-instance-from-template': {
    access: 'holder',
    tellsOwner: true,
    request: (t) => ({ path: '/create-instance-from-template', body: { templateId: t.templateId, quantity: 1 } }),
  },

  // Payments into escrow
  'generate-transfer-account': {
    access: 'acceptor',
    request: (t) => ({ path: '/generate-transfer-account', body: contract(t) }),
  },
  'initiate-opay-payment': { access: 'acceptor', request: (t) => ({ path: '/initiate-opay-payment', body: contract(t) }) },
  'start-card-payment': { access: 'acceptor', request: (t) => ({ path: '/start-card-payment', body: contract(t) }) },
  'get-payment-status': { access: 'payer', request: (t) => ({ path: '/get-payment-status', body: { txRef: t.txRef } }) },
  'flutterwave-webhook': {
    access: 'public',
    request: (t) => ({
      path: '/flutterwave-webhook',
      headers: { 'verif-hash': 'not-the-hash' },
      body: {
        event: 'charge.completed',
        data: { id: 1, tx_ref: t.txRef, amount: 999_999, currency: 'NGN', status: 'successful' },
      },
    }),
  },

  // Money out
  'mark-delivered': {
    access: 'creator',
    request: (t) => ({ path: '/mark-delivered', body: { ...contract(t), note: 'Sent by courier, tracking 123' } }),
  },
  'mark-contract-completed': { access: 'payer', request: (t) => ({ path: '/mark-contract-completed', body: contract(t) }) },
  'release-funds': {
    access: 'creator',
    request: (t, caller) => ({
      path: '/release-funds',
      // The spec's body names the creator and an amount; the server must trust neither.
      body: { contractId: t.contractId, pin: '1234', releaseAmount: 1, creatorId: caller.sub, payerId: t.buyer.sub },
    }),
  },
  'confirm-payout-rate': {
    access: 'creator',
    request: (t) => ({ path: '/confirm-payout-rate', body: { contractId: t.contractId, pin: '1234', rate: 1500 } }),
  },
  'cancel-contract': { access: 'party', request: (t) => ({ path: '/cancel-contract', body: contract(t) }) },
  'open-dispute': {
    access: 'party',
    request: (t) => ({ path: '/open-dispute', body: { ...contract(t), reason: 'not_delivered', details: 'Nothing arrived.' } }),
  },
  'propose-settlement': {
    access: 'party',
    request: (t) => ({ path: '/propose-settlement', body: { ...contract(t), refund: '1.00' } }),
  },
  'accept-settlement': {
    access: 'party',
    request: (t) => ({ path: '/accept-settlement', body: { ...contract(t), proposalId: '01JPROPOSAL000000000000000' } }),
  },
  'refund-in-full': { access: 'creator', request: (t) => ({ path: '/refund-in-full', body: contract(t) }) },
  // Evidence files: a party asks for an upload on the contract; only the uploader confirms; a party reads.
  'request-evidence-upload': {
    access: 'party',
    request: (t) => ({
      path: '/request-evidence-upload',
      body: { ...contract(t), purpose: 'dispute', name: 'probe.png', contentType: 'image/png', size: 12 },
    }),
  },
  'confirm-evidence': { access: 'creator', request: (t) => ({ path: '/confirm-evidence', body: { fileId: t.evidenceFileId } }) },
  'evidence-link': { access: 'party', request: (t) => ({ path: '/evidence-link', body: { fileId: t.evidenceFileId } }) },
  'get-dispute': { access: 'party', request: (t) => ({ path: `/contracts/${id(t.contractId)}/dispute` }) },
  'get-refunds': { access: 'party', request: (t) => ({ path: `/contracts/${id(t.contractId)}/refunds` }) },
  'get-contract-analytics': { access: 'creator', request: (t) => ({ path: `/contracts/${id(t.contractId)}/analytics` }) },
  'flutterwave-proxy': {
    access: 'self',
    request: () => ({
      path: '/flutterwave-proxy',
      body: {
        path: '/accounts/resolve',
        method: 'POST',
        flutterwavePayload: { account_number: '0690000032', account_bank: '044' },
      },
    }),
  },
  'save-bank-info': {
    access: 'self',
    request: () => ({ path: '/save-bank-info', body: { bank_code: '044', account_number: '0690000032', pin: '1234' } }),
  },
  'request-pin-code': {
    access: 'self',
    request: (t) => ({ path: '/request-pin-code', body: { securityAnswer: t.seller.answer } }),
  },
  'reset-pin': {
    access: 'self',
    request: () => ({ path: '/reset-pin', body: { code: '000000', pin: '1234', confirmPin: '1234' } }),
  },

  'save-email-preferences': { access: 'self', request: () => ({ path: '/email-preferences', body: { email_updates: false } }) },

  // Notifications
  'list-notifications': { access: 'self', request: () => ({ path: '/notifications' }) },
  'get-realtime-channel': { access: 'self', request: () => ({ path: '/realtime-channel' }) },
  'mark-notification-read': {
    access: 'self',
    request: (t) => ({ path: `/notifications/${id(t.notificationId)}/read` }),
  },
};

/** The probe of a route of the table; throws for a route nobody wrote a probe for. */
export function probeFor(name: string): Probe {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`"${name}" is not a route of lambdas/routes.ts`);
  const spec = probes[name];
  if (!spec) throw new Error(`Route "${name}" has no security probe: add one to test/security/route-probes.ts`);
  return { route, ...spec };
}

/** Every route of the table with its probe (throws if one has none). */
export function allProbes(): Probe[] {
  return routes.map((route) => probeFor(route.name));
}

/** The names the probes are written for, to check them one-to-one against the table. */
export const probedRouteNames: readonly string[] = Object.keys(probes);
