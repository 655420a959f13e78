/** The spec's texts for contracts (§8 "Contracts and templates"), in one place. */
export const contractMessages = {
  fillAllDetails: 'Please fill in all contract details, including the Acceptor ID.',
  unknownError: 'An unknown error occurred.',
  fillAllFieldsCorrectly: 'Please ensure all fields are filled correctly.',
  amountAboveZero: 'Amount must be greater than zero.',
  enterContractId: 'Please enter a Contract ID.',
  notAcceptable: (status: string) => `This contract is currently "${status}" and cannot be accepted.`,
  alreadyPaid: 'You have already paid for this contract.',
  loadDetailsFailed: 'Could not load contract details.',
  notFoundOrError: 'Contract not found or an error occurred.',
  notFound: 'Contract not found.',
  loadListFailed: 'Failed to load your contracts. Please try again.',
  notCreator: 'Access Denied: You are not the creator of this contract.',
  modificationRequest: 'Modification request functionality is not yet implemented.',
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  acceptFailed: 'Failed to accept contract. Please try again.',
  rejectFailed: 'Failed to reject contract. Please try again.',
  rejected: 'You have rejected this contract.',
  saveFailed: 'Failed to save changes. Please try again.',
  saved: 'Contract updated successfully!',
  deleteFailed: 'Failed to delete contract. Please try again.',
  created: 'Contract created successfully!',
} as const;
