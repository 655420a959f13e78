import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { logger } from '../core/adapters/logger';
import { signInMetadataKeys } from '../core/domain/identity';
import { triggerFunction } from '../core/runtime/trigger-function';
import { recordUse } from '../core/services/devices';
import { takeUpInvitations } from '../core/services/invitations';
import { hasConfirmedEmail } from '../core/services/signup-confirmation';

/**
 * After a sign-in: records that the signing-in device was used now (the account page sorts
 * devices by it), and takes up the contracts offered to the account's email before it existed
 * (its first sign-in after signing up from an invitation). Only an email confirmed through the
 * product counts (the password was proven by whoever holds the inbox: services/signup-confirmation.ts);
 * Cognito's `email_verified` alone would also be true after a confirmation made around it. Taking
 * them up never blocks the sign-in: a failure waits for the next one, or for the person's accept
 * on the contract's link.
 */
export const handler = triggerFunction<PostAuthenticationTriggerEvent>().handler(async (event) => {
  const deviceId = event.request.clientMetadata?.[signInMetadataKeys.deviceId];
  const { sub, email, email_verified } = event.request.userAttributes;
  if (deviceId && sub) await recordUse(sub, deviceId, new Date().toISOString());
  if (sub && email && email_verified === 'true' && (await hasConfirmedEmail(sub)))
    await takeUpInvitations(sub, email.toLowerCase()).catch((error: unknown) =>
      logger.warn('Invitations not taken up', { error: error as Error }),
    );
  return event;
});
