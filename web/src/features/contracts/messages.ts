import { fillAllContractDetails, fillAllFieldsCorrectly } from '@escrow/api/contracts';
import { disputeAgreementDays } from '@escrow/domain/dispute';
import { sharedMessages } from '../../lib/messages';

/**
 * The contract pages' own texts (spec §8 "Contracts and templates"). The refusals the server and
 * the browser share (not found, not the creator, already paid, ...) are the domain's `contractMessages`.
 */
export const contractPageMessages = {
  fillAllDetails: fillAllContractDetails,
  unknownError: 'An unknown error occurred.',
  fillAllFieldsCorrectly,
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

/** The dispute panel's own texts; the refusals the server shares are the domain's `disputeMessages`. */
export const disputePanelMessages = {
  loading: 'Loading the dispute...',
  openExplained: `The money stays in escrow until you and the other side agree how to split it. If you do not agree within ${disputeAgreementDays} days, our team decides.`,
  openFailed: 'Failed to open the dispute. Please try again.',
  proposeFailed: 'Failed to send your proposal. Please try again.',
  acceptFailed: 'Failed to accept the proposal. Please try again.',
  refundFailed: 'Failed to refund the buyer. Please try again.',
  loadFailed: 'Could not load the dispute. Please reload the page.',
  awaitingOps:
    'The time to agree has passed: our team will decide how the money is split. You may still agree with each other until then.',
  opened: 'Your dispute is open. The money stays in escrow until it is settled.',
  proposed: 'Your proposal was sent. The other side can accept it or propose another split.',
  accepted: 'You accepted the proposal: the dispute is settled.',
  refundedInFull: 'You refunded the buyer in full: the dispute is settled.',
} as const;

/** The cancellation section's own texts; what the server answers (cancelled, request sent, refusals) is the domain's `cancellationMessages`. */
export const cancellationPanelMessages = {
  cancelFailed: 'Failed to cancel the contract. Please try again.',
  requestFailed: 'Failed to send your request to cancel. Please try again.',
} as const;
