import { securityQuestionSuggestions } from '../../../../lambdas/core/contracts/identity';

/**
 * Questions offered at sign-up (the spec leaves the list open). The server draws the decoy
 * question for an unknown email from the same list, so a decoy looks like a real choice.
 */
export const securityQuestions = securityQuestionSuggestions;
