import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../core/adapters/logger';
import { type ClosedDay, closeFinishedDays } from '../core/services/reconciliation';

/**
 * Every half hour (lambdas/schedules.ts): once a Lagos day is over, reconciles it with the provider
 * (each difference counted as ReconciliationDifferences, which pages ops) and writes its closing
 * balances, so the ledger's totals are read from the last closing on. A closed day is skipped.
 */
export const handler = middy<unknown, { closed: ClosedDay[] }, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const closed = await closeFinishedDays();
    if (closed.length > 0) logger.info('Ledger days closed', { closed });
    return { closed };
  });
