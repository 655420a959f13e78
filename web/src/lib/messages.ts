import { internalErrorMessage } from '@escrow/api/common';
import { fillAllFields } from '@escrow/api/templates';

/** Texts the app shows in more than one place, defined once (the server's where it says them too). */
export const sharedMessages = {
  unexpected: internalErrorMessage,
  fillAllFields,
  saveFailed: 'Failed to save changes. Please try again.',
  loadContractFailed: 'Could not load contract details.',
} as const;
