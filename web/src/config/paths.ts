type Href = string | number;

const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  signup: fixed('/signup'),
  login: fixed('/login'),
  forgotPassword: fixed('/forgot-password'),
  resetPasswordConfirm: fixed('/reset-password-confirm'),
  needHelp: fixed('/need-help'),
  registerDevice: fixed('/register-device'),
  /** Not in the spec's list: the target of the confirmation link Cognito emails after sign-up. */
  confirmEmail: fixed('/confirm-email'),
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
  bankInfo: fixed('/bank-info'),
  resetPin: fixed('/reset-pin'),

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
  useTemplate: fixed('/use-template'),
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
    getHref: (contractId: Href) => `/payment-failed/${contractId}`,
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
  paths.howItWorks.path,
  paths.whoWeAre.path,
  paths.pricing.path,
  paths.contactUs.path,
]);

export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPaths.has(trimmed);
}

/** The blog lives on an external host that the spec does not name. */
export const blogUrl = 'https://blog.middleman.example/';
