import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../core/adapters/logger';
import type { CoverCheck } from '../core/domain/provider-cover';
import { followUpOpenPayments } from '../core/services/payments/follow-up';
import { checkProviderCover } from '../core/services/provider-cover';
import { remindAwaitingBankDetails } from '../core/services/refunds/reminders';
import { sendOpenRefunds } from '../core/services/refunds/send';
import { countWaitingForOps, type Waiting } from '../core/services/waiting-for-ops';

/**
 * Every few minutes (lambdas/schedules.ts): verifies with the provider every payment nobody has
 * heard the end of (its webhook lost, its page closed) and credits or refunds what it holds, then
 * moves on every refund leg still owed to a payer (one whose request or answer was lost, whose
 * process died, or whose refund the provider failed), so nothing waits on a webhook that never
 * comes. What it did is logged for finance. First it counts what waits (payouts and refund legs
 * that failed for good, refunds waiting for their buyer's bank account) as gauges whose alarms stay
 * raised while anything waits, and reminds the buyers due a reminder; last it checks that the
 * provider holds what customers are owed (ProviderShortfall), after this run's moves.
 */
export const handler = middy<unknown, SweepSummary, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    // Counted first, so a run that fails or times out on the provider still says what waits.
    const { awaitingLegs, ...waitingForOps } = await countWaitingForOps();
    const reminded = await remindAwaitingBankDetails(awaitingLegs);
    if (reminded.length > 0) logger.info('Buyers reminded of refunds waiting for their bank account', { reminded });
    const payments = await followUpOpenPayments();
    if (payments.open > 0) logger.info('Payments followed up', payments);
    const refunds = await sendOpenRefunds();
    if (refunds.open > 0) logger.info('Refund legs moved on', refunds);
    // The provider's balance cannot be read while it is down: the last check stands (npm run held
    // says how old it is), and the run's other work is not lost for it.
    const cover = await checkProviderCover().catch((error: unknown) => {
      logger.warn('The provider’s cover of what customers are owed not checked', { error: error as Error });
      return [];
    });
    return { ...refunds, payments, waitingForOps, reminded, cover };
  });

type SweepSummary = Awaited<ReturnType<typeof sendOpenRefunds>> & {
  payments: Awaited<ReturnType<typeof followUpOpenPayments>>;
  waitingForOps: Waiting;
  reminded: string[];
  cover: CoverCheck[];
};
