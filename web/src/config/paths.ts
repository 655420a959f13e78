type Href = string | number;

const fixed = (path: string) => ({ path, getHref: () => path });

/** The query parameter naming where a page sends the person back once they are done. */
export const returnToParam = 'returnTo';

const sameSite = 'https://same-site.invalid';

/**
 * `value` when it is a path on this site (`/dashboard`, `/contract-analytics/42?x=1`), else
 * undefined, so a link cannot send the person elsewhere once they are done. Only a single leading
 * `/` passes: never `//host` or `/\host` (a browser reads both as another site), a scheme
 * (`https:`, `javascript:`), a backslash, a space or a control character (a browser drops tabs and
 * newlines from a URL, which would turn `/<tab>/host` into `//host`).
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  return new URL(value, sameSite).origin === sameSite ? value : undefined;
}

/** `path`, with `?returnTo=` when `returnTo` is a safe path on this site. */
const withReturnTo = (path: string, returnTo?: string) => {
  const safe = safeReturnTo(returnTo);
  return safe ? `${path}?${new URLSearchParams({ [returnToParam]: safe })}` : path;
};

/** The query parameter of sign-up and login naming the address to fill in (an invitation's). */
export const emailParam = 'email';

/**
 * What sign-up and login start with when a page sends the person there to do something (an
 * invitation): the address to fill in, and where to go once signed in (a safe path only).
 */
export interface AuthPrefill {
  email?: string;
  returnTo?: string;
}

const withPrefill = (path: string, { email, returnTo }: AuthPrefill = {}) => {
  const query = new URLSearchParams();
  if (email) query.set(emailParam, email);
  const safe = safeReturnTo(returnTo);
  if (safe) query.set(returnToParam, safe);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  home: fixed('/'),
  signup: { path: '/signup', getHref: (prefill?: AuthPrefill) => withPrefill('/signup', prefill) },
  login: { path: '/login', getHref: (prefill?: AuthPrefill) => withPrefill('/login', prefill) },
  forgotPassword: fixed('/forgot-password'),
  resetPasswordConfirm: fixed('/reset-password-confirm'),
  needHelp: fixed('/need-help'),
  registerDevice: fixed('/register-device'),
  /** Not in the spec's list: the target of the confirmation link Cognito emails after sign-up. */
  confirmEmail: fixed('/confirm-email'),
  /**
   * Not in the spec's list: the "stop emails from this sender" link of an invitation email
   * (`?token=`), the API's `stopInvitationEmailsPage` (written here too: this module stays free of zod).
   */
  stopInvitationEmails: {
    path: '/stop-invitation-emails',
    getHref: (token: string) => `/stop-invitation-emails?${new URLSearchParams({ token })}`,
  },
  /**
   * Not in the spec's list: the link of an invitation email (`?token=`), the API's `invitationPage`:
   * the offer, for someone not signed in, and the way to the account that accepts it.
   */
  invitation: {
    path: '/invitation',
    getHref: (token: string) => `/invitation?${new URLSearchParams({ token })}`,
  },
  howItWorks: fixed('/how-it-works'),
  whoWeAre: fixed('/who-we-are'),
  pricing: fixed('/pricing'),
  contactUs: fixed('/contact-us'),
  privacyPolicy: fixed('/privacy-policy'),
  termsOfService: fixed('/terms-of-service'),

  dashboard: fixed('/dashboard'),
  support: fixed('/support'),
  myAccount: {
    path: '/my-account',
    getHref: (tab?: 'devices' | 'notifications') => (tab ? `/my-account?tab=${tab}` : '/my-account'),
  },
  /** `returnTo`: where the page goes once the details are saved (My Account without one). */
  bankInfo: { path: '/bank-info', getHref: (returnTo?: string) => withReturnTo('/bank-info', returnTo) },
  /** The dollar (domiciliary) account, saved like the naira one; `returnTo` as above. */
  dollarAccount: { path: '/dollar-account', getHref: (returnTo?: string) => withReturnTo('/dollar-account', returnTo) },
  /** `returnTo`: where the page goes once the PIN is set (My Account without one). */
  resetPin: { path: '/reset-pin', getHref: (returnTo?: string) => withReturnTo('/reset-pin', returnTo) },

  createContractPrompt: fixed('/create-contract-prompt'),
  createContract: fixed('/create-contract'),
  contractCreationPolicy: fixed('/contract-creation-policy'),
  createTemplate: fixed('/create-template'),
  myCreatedContract: {
    path: '/my-created-contract/:contractId',
    getHref: (contractId: Href) => `/my-created-contract/${contractId}`,
  },
  myTemplates: fixed('/my-templates'),
  templateDetails: {
    path: '/template-details/:templateId',
    getHref: (templateId: Href) => `/template-details/${templateId}`,
  },

  findContract: fixed('/find-contract'),
  acceptContractManual: {
    path: '/accept-contract-manual/:contractId?',
    getHref: (contractId?: Href) =>
      contractId === undefined ? '/accept-contract-manual' : `/accept-contract-manual/${contractId}`,
  },
  /** With an id: a template's share link, which looks the template up at once. */
  useTemplate: {
    path: '/use-template/:templateId?',
    getHref: (templateId?: Href) => (templateId === undefined ? '/use-template' : `/use-template/${templateId}`),
  },
  contract: {
    path: '/contracts/:contractId',
    getHref: (contractId: Href) => `/contracts/${contractId}`,
  },

  escrowPayment: {
    path: '/escrow-payment/:contractId',
    getHref: (contractId: Href) => `/escrow-payment/${contractId}`,
  },
  customCheckout: {
    path: '/custom-checkout/:contractId',
    getHref: (contractId: Href) => `/custom-checkout/${contractId}`,
  },
  paymentVerification: {
    path: '/payment-verification',
    getHref: (txRef: string, contractId: Href) =>
      `/payment-verification?${new URLSearchParams({ tx_ref: txRef, contractId: String(contractId) })}`,
  },
  paymentSuccess: {
    path: '/payment-success/:contractId',
    getHref: (contractId: Href, txRef: string) => `/payment-success/${contractId}?${new URLSearchParams({ tx_ref: txRef })}`,
  },
  paymentCancelled: {
    path: '/payment-cancelled/:contractId',
    getHref: (contractId: Href) => `/payment-cancelled/${contractId}`,
  },
  /** The spec names a payment-failed page but not its route. */
  paymentFailed: {
    path: '/payment-failed/:contractId',
    /** `refunding`: the contract took none of the payment (it no longer takes payments), which goes back to the payer. */
    getHref: (contractId: Href, refunding = false) => `/payment-failed/${contractId}${refunding ? '?refunding=1' : ''}`,
  },

  viewContracts: fixed('/view-contracts'),
  myContracts: fixed('/my-contracts'),
  myContractDetails: {
    path: '/my-contract-details/:contractId',
    getHref: (contractId: Href) => `/my-contract-details/${contractId}`,
  },
  contractAnalytics: {
    path: '/contract-analytics/:contractId',
    getHref: (contractId: Href) => `/contract-analytics/${contractId}`,
  },
  engagedContracts: fixed('/engaged-contracts'),
} as const;

/** The spec's public routes: they get the public header whoever is signed in. */
const publicPaths: ReadonlySet<string> = new Set([
  paths.home.path,
  paths.signup.path,
  paths.login.path,
  paths.forgotPassword.path,
  paths.resetPasswordConfirm.path,
  paths.needHelp.path,
  paths.registerDevice.path,
  paths.confirmEmail.path,
  paths.stopInvitationEmails.path,
  paths.invitation.path,
  paths.howItWorks.path,
  paths.whoWeAre.path,
  paths.pricing.path,
  paths.contactUs.path,
]);

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(withoutTrailingSlash(pathname));
}

/**
 * Open to everyone, signed in or not: the header follows the session, and is the public one until
 * the session is known (so the pre-rendered page has one).
 */
const openPaths: ReadonlySet<string> = new Set([
  paths.privacyPolicy.path,
  paths.termsOfService.path,
  paths.contractCreationPolicy.path,
]);

export function isOpenPath(pathname: string): boolean {
  return openPaths.has(withoutTrailingSlash(pathname));
}

/**
 * The pages pre-rendered to static HTML at build time (scripts/build-web.ts): a crawler and a slow
 * phone see their content before, or without, any JavaScript. Each is served as its own file
 * ({@link staticPageFile}) by CloudFront and by the local web server; every other path gets the
 * empty shell {@link appShellFile}, which the browser renders.
 */
export const staticPages: readonly string[] = [
  paths.home.path,
  paths.howItWorks.path,
  paths.whoWeAre.path,
  paths.pricing.path,
  paths.contactUs.path,
  paths.needHelp.path,
  paths.privacyPolicy.path,
  paths.termsOfService.path,
  paths.contractCreationPolicy.path,
];

export const appShellFile = 'app.html';

/** `/` is `index.html`, `/pricing` is `pricing.html`. */
export function staticPageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The file that answers a request path: a pre-rendered page's own, or the app shell. */
export function pageFileFor(pathname: string): string {
  const path = withoutTrailingSlash(pathname);
  return staticPages.includes(path) ? staticPageFile(path) : appShellFile;
}

/** The blog lives on an external host that the spec does not name. */
export const blogUrl = 'https://blog.middleman.example/';
