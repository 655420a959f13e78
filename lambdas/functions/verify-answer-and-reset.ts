import { logger } from '../core/adapters/logger';
import * as endpoints from '../core/api/endpoints/identity';
import { ThrottledError } from '../core/domain/errors';
import { throttles } from '../core/domain/throttle-rules';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { startPasswordReset } from '../core/services/accounts';
import { offerResetUnlock, unlockedBy } from '../core/services/reset-unlock';
import { countFailures } from '../core/services/throttles';

/**
 * Forgot password, step 3: a right answer emails a single-use reset link. Wrong answers are limited
 * per email and per address; with the unlock proof the account's own mailbox was sent when the
 * email's limits filled (services/reset-unlock.ts), per proof and per address instead.
 */
export const handler = endpointFunction(
  endpoints.verifyAnswerAndReset,
  async ({ event, body: { email, securityAnswer, unlock } }) => {
    const sourceIp = event.requestContext.http.sourceIp;
    const unlocked = await unlockedBy(email, unlock);
    try {
      await countFailures(
        unlocked
          ? [
              [throttles.resetUnlocked, unlocked],
              [throttles.resetUnlockedDaily, email],
              [throttles.resetFromAddress, sourceIp],
            ]
          : [
              [throttles.reset, email],
              [throttles.resetDaily, email],
              [throttles.resetFromAddress, sourceIp],
            ],
        () => startPasswordReset(email, securityAnswer),
      );
    } catch (error) {
      if (error instanceof ThrottledError && !unlocked)
        await offerResetUnlock(email).catch((e: unknown) =>
          logger.error('Could not offer a reset unlock', { error: e as Error }),
        );
      throw error;
    }
    return { message: 'A password reset link has been sent to your email.' };
  },
  { body: jsonBody },
);
