import { bankMessages, pinMessages } from '@escrow/api/account';

/**
 * The account pages' texts (spec §2 "My Account", "Bank info", §8 "Account, devices, bank"). The
 * bank and PIN texts the server says too are the shared API's (`bankMessages`, `pinMessages`).
 */
export const accountPageMessages = {
  loading: 'Loading account info...',
  /** Spec §8: the failure itself (a missing profile row is not one: see ProfileTab)... */
  accountLoadFailed: 'Could not load your account details. Please try again.',
  /** ...and §2: what the page then says about the profile, with the way back. */
  loadFailed: 'Could not load your profile. It might be incomplete.',
  /** Spec §8: who the user is could not be established (their session could not be read, or was refused). */
  userDataFailed: 'Failed to fetch user data. Please log in again.',
  notSet: 'Not Set',
  noBankDetails: 'No bank details added yet',
  devicesIntro: "These are the devices that have been verified for your account. Remove any devices you don't recognize.",
  noDevices: 'No devices registered yet',
  noDevicesHint: 'Devices will appear here after you log in',
  devicesLoadFailed: 'Failed to load your devices.',
  removeDeviceFailed: 'Failed to remove device. Please try again.',
  cannotRemoveCurrent: 'Cannot remove current device',
  bank: bankMessages,
  /** The spec's 'Please select a bank and enter a valid 10-digit account number.', a half under each box it is about. */
  bankFields: {
    selectBank: 'Please select a bank.',
    enterAccountNumber: 'Please enter a valid 10-digit account number.',
  },
  pin: pinMessages,
  /** The dollar (domiciliary) account's page and My Account's lines about it. */
  dollars: {
    title: 'Dollar Account',
    subtitle: 'A dollar (domiciliary) account at a Nigerian bank: you can choose it when you release a dollar contract.',
    preferred: 'Also pay my dollar contracts here when a dispute is settled (otherwise they go to your naira account).',
    saved: 'Dollar account saved successfully!',
    heading: 'Dollar account',
    none: 'No dollar account added yet',
    add: 'Add Dollar Account',
    update: 'Update Dollar Account',
    settlements: 'Dollar settlements',
    settlementsHere: 'Paid to this account',
    settlementsNaira: 'Paid to your naira account',
  },
  // Not in the spec: plain texts for what it leaves unnamed.
  noSecurityQuestion: 'Your account has no security question. Please contact support to reset your payment PIN.',
  questionLoadFailed: 'Could not load your security question. Please try again.',
  pinCodeFailed: 'Could not send the code. Please try again.',
  enterPinCode: 'Please enter the 6-digit code sent to your email.',
  resetPinFailed: 'Could not save your payment PIN. Please try again.',
  getPaid: {
    heading: 'Get paid',
    intro: 'Two things are needed before your contracts can pay you.',
    pin: 'Payment PIN',
    pinHint: 'Guards releases of funds and changes of bank details.',
    bank: 'Bank details',
    bankHint: 'Where your payouts are sent.',
    done: 'Done',
  },
} as const;

/**
 * The one label of the way to the bank page, wherever it is offered (spec §2 "My Account"):
 * 'Add Bank Information' while none are saved, 'Update Bank Info' once they are.
 */
export function bankDetailsAction(saved: boolean): string {
  return saved ? 'Update Bank Info' : 'Add Bank Information';
}

/**
 * The payment PIN page's title and button: Set until a PIN exists, then Reset (the spec's
 * 'Reset Payment PIN'); neutral while it is not known.
 */
export function pinAction(hasPin: boolean | undefined): { title: string; submit: string } {
  if (hasPin === undefined) return { title: 'Payment PIN', submit: 'Save PIN' };
  return hasPin ? { title: 'Reset Payment PIN', submit: 'Reset PIN' } : { title: 'Set Payment PIN', submit: 'Set PIN' };
}
