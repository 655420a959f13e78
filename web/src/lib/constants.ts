/** The spec's client-side timings (§9), in one place. */
export const timings = {
  /** A failed login locks the button this long. */
  loginLockoutMs: 3_000,
  /** After a successful login, the dashboard opens after this delay. */
  loginRedirectMs: 500,
  /** After sign-up, email confirmation and a password reset, login opens after this delay. */
  redirectToLoginMs: 3_000,
  /** Without a usable reset link, forgot-password opens after this delay (not in the spec: time to read why). */
  resetLinkRedirectMs: 3_000,
  /** Without activity the "Are you still there?" dialog appears after this long... */
  inactivityWarningMs: 4 * 60_000,
  /** ...and the user is logged out after this long. */
  inactivityLogoutMs: 5 * 60_000,
  /** A copy button says 'Copied!' this long... */
  copyConfirmationMs: 2_000,
  /** ...and a toast stays this long. */
  toastMs: 1_500,
  /** The toast after a template is created. */
  creationToastMs: 2_000,
  /** The banner on a contract's page right after it was created. */
  createdBannerMs: 5_000,
  /** While money moves on its own (a settlement's refund and payout, a cancellation's refund), a page asks for the status again this often (§9). */
  statusPollMs: 5_000,
} as const;

/** How many of the loaded notifications (10, spec §9) the dashboard lists. */
export const dashboardNotifications = 3;

/**
 * Local-storage keys of the device identification (spec §9), and beside them the secrets the
 * server gave this browser, one per account (email -> secret), which prove it a trusted device.
 */
export const deviceStorageKeys = {
  deviceId: 'middleman_device_id',
  deviceInfo: 'middleman_device_info',
  deviceSecrets: 'middleman_device_secrets',
} as const;

/** Digits of a payment PIN: the length the shared `pinSchema` accepts. */
export const paymentPinLength = 4;
