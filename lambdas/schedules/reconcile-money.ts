import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../core/adapters/logger';
import { reconcileOpenPayments } from '../core/services/payments';
import { sendOpenRefunds } from '../core/services/refunds';
import { countWaitingForOps, type Waiting } from '../core/services/waiting-for-ops';

/**
 * Every few minutes (lambdas/schedules.ts): verifies with the provider every payment nobody has
 * heard the end of (its webhook lost, its page closed) and credits or refunds what it holds, then
 * moves on every refund leg still owed to a payer (one whose request or answer was lost, whose
 * process died, or whose refund the provider failed), so nothing waits on a webhook that never
 * comes. What it did is logged for finance. First it counts what waits for ops (payouts and refund
 * legs that failed for good) as gauges whose alarms stay raised while anything waits.
 */
export const handler = middy<unknown, ReconcileSummary, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    // Counted first, so a run that fails or times out on the provider still says what waits.
    const waitingForOps = await countWaitingForOps();
    const payments = await reconcileOpenPayments();
    if (payments.open > 0) logger.info('Payments reconciled', payments);
    const refunds = await sendOpenRefunds();
    if (refunds.open > 0) logger.info('Refund legs reconciled', refunds);
    return { ...refunds, payments, waitingForOps };
  });

type ReconcileSummary = Awaited<ReturnType<typeof sendOpenRefunds>> & {
  payments: Awaited<ReturnType<typeof reconcileOpenPayments>>;
  waitingForOps: Waiting;
};
