import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { signInMetadataKeys } from '../core/domain/identity';
import { decide } from '../core/domain/sign-in';
import { triggerFunction } from '../core/runtime/trigger-function';
import { isAccountLocked } from '../core/services/challenges/lockout';
import { isTrusted } from '../core/services/devices';

/**
 * Decides the next step of a CUSTOM_WITH_SRP sign-in (rules in core/domain/sign-in.ts). An
 * unknown user is led on like a real one and fails at the password, so answers never reveal
 * whether an account exists.
 */
export const handler = triggerFunction<DefineAuthChallengeTriggerEvent>().handler(async (event) => {
  const sub = event.request.userAttributes.sub ?? '';
  const metadata = event.request.clientMetadata ?? {};
  const decision = await decide(event.request.session, {
    userNotFound: Boolean(event.request.userNotFound),
    deviceTrusted: () => isTrusted(sub, metadata[signInMetadataKeys.deviceId], metadata[signInMetadataKeys.deviceSecret]),
    accountLocked: () => isAccountLocked(sub),
  });
  event.response.issueTokens = decision.next === 'tokens';
  event.response.failAuthentication = decision.next === 'fail';
  if (decision.next === 'password') event.response.challengeName = 'PASSWORD_VERIFIER';
  if (decision.next === 'challenge') event.response.challengeName = 'CUSTOM_CHALLENGE';
  return event;
});
