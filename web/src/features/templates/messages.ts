/** The spec's texts for templates (§8 "Contracts and templates"), in one place. */
export const templateMessages = {
  fillAllFields: 'Please fill in all fields.',
  invalidBasePrice: 'Please enter a valid, positive number for the base price.',
  enterTemplateId: 'Please enter a Template ID.',
  searchFailed: 'An error occurred while searching.',
  fetchFailed: 'Failed to fetch template. Please try again.',
  notFound: 'Template not found.',
  createInstanceFailed: 'Failed to create contract from template.',
  loadListFailed: 'Could not load your templates. Please try again.',
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  created: 'Template created successfully!',
  createFailed: 'Failed to create template. Please try again.',
  saved: 'Template updated successfully!',
  saveFailed: 'Failed to save changes. Please try again.',
  deleteFailed: 'Failed to delete template. Please try again.',
} as const;
