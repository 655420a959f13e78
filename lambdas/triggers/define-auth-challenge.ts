import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { decide } from '../core/challenges/flow';
import { signInMetadataKeys } from '../core/contracts/identity';
import { isTrustedDevice } from '../core/entities/device';

/**
 * Decides the next step of a CUSTOM_WITH_SRP sign-in (rules in core/challenges/flow.ts). An
 * unknown user is led on like a real one and fails at the password, so answers never reveal
 * whether an account exists.
 */
export const handler = async (event: DefineAuthChallengeTriggerEvent) => {
  const decision = await decide(event.request.session, {
    userNotFound: Boolean(event.request.userNotFound),
    deviceTrusted: () =>
      isTrustedDevice(event.request.userAttributes.sub ?? '', event.request.clientMetadata?.[signInMetadataKeys.deviceId]),
  });
  event.response.issueTokens = decision.next === 'tokens';
  event.response.failAuthentication = decision.next === 'fail';
  if (decision.next === 'password') event.response.challengeName = 'PASSWORD_VERIFIER';
  if (decision.next === 'challenge') event.response.challengeName = 'CUSTOM_CHALLENGE';
  return event;
};
