import { enterContractId, fillAllContractDetails, fillAllFieldsCorrectly } from '@escrow/api/contracts';
import { sharedMessages } from '../../lib/messages';

/**
 * The contract pages' own texts (spec §8 "Contracts and templates"). The refusals the server and
 * the browser share (not found, not the creator, already paid, ...) are the domain's `contractMessages`.
 */
export const contractPageMessages = {
  fillAllDetails: fillAllContractDetails,
  unknownError: 'An unknown error occurred.',
  fillAllFieldsCorrectly,
  enterContractId,
  loadDetailsFailed: sharedMessages.loadContractFailed,
  notFoundOrError: 'Contract not found or an error occurred.',
  loadListFailed: 'Failed to load your contracts. Please try again.',
  modificationRequest: 'Modification request functionality is not yet implemented.',
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  acceptFailed: 'Failed to accept contract. Please try again.',
  rejectFailed: 'Failed to reject contract. Please try again.',
  rejected: 'You have rejected this contract.',
  saveFailed: sharedMessages.saveFailed,
  saved: 'Contract updated successfully!',
  deleteFailed: 'Failed to delete contract. Please try again.',
  created: 'Contract created successfully!',
  markedCompleted: 'Contract marked as completed. The creator can now release the funds.',
  markCompletedFailed: 'Failed to mark the contract as completed. Please try again.',
  delivered: 'Contract marked as delivered. The buyer has been told, and their inspection window has started.',
  deliverFailed: 'Failed to mark the contract as delivered. Please try again.',
} as const;
