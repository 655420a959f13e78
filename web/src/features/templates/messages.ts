import { sharedMessages } from '../../lib/messages';

/**
 * The template pages' own texts (spec §8 "Contracts and templates"). The refusals the server and
 * the browser share (not found, not the creator, ...) are the domain's `templateMessages`.
 */
export const templatePageMessages = {
  /** Spec §5: an invalid quantity becomes 1, said beside the box, so the total is checked before anything is made. */
  quantitySetToOne: 'That was not a whole number of at least 1, so the quantity is now 1. Check the total below.',
  fillAllFields: sharedMessages.fillAllFields,
  searchFailed: 'An error occurred while searching.',
  fetchFailed: 'Failed to fetch template. Please try again.',
  createInstanceFailed: 'Failed to create contract from template.',
  loadListFailed: 'Could not load your templates. Please try again.',
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  created: 'Template created successfully!',
  createFailed: 'Failed to create template. Please try again.',
  saved: 'Template updated successfully!',
  saveFailed: sharedMessages.saveFailed,
  deleteFailed: 'Failed to delete template. Please try again.',
} as const;
