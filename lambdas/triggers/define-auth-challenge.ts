import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';

/**
 * Decides the next step of a CUSTOM_AUTH sign-in. The client starts with SRP (CUSTOM_WITH_SRP):
 * first the SRP_A step, then the password verifier; a correct password issues tokens.
 * Any other sequence fails, so the custom flow never issues tokens without the password.
 */
export const handler = async (event: DefineAuthChallengeTriggerEvent) => {
  const session = event.request.session;
  const last = session.at(-1);
  // An unknown user is led on to the password step like a real one (and fails there), so the
  // answers never tell whether an account exists.
  if (session.length === 1 && last?.challengeName === 'SRP_A' && last.challengeResult) {
    return nextChallenge(event, 'PASSWORD_VERIFIER');
  }
  if (
    session.length === 2 &&
    last?.challengeName === 'PASSWORD_VERIFIER' &&
    last.challengeResult &&
    !event.request.userNotFound
  ) {
    return allow(event);
  }
  return deny(event);
};

function allow(event: DefineAuthChallengeTriggerEvent) {
  event.response.issueTokens = true;
  event.response.failAuthentication = false;
  return event;
}

function deny(event: DefineAuthChallengeTriggerEvent) {
  event.response.issueTokens = false;
  event.response.failAuthentication = true;
  return event;
}

function nextChallenge(event: DefineAuthChallengeTriggerEvent, name: string) {
  event.response.issueTokens = false;
  event.response.failAuthentication = false;
  event.response.challengeName = name;
  return event;
}
