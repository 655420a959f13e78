import { releaseFundsRequestSchema, releaseFundsResponseSchema } from '../core/api/payouts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { requestRelease } from '../core/services/payouts/release';

/** The creator asks for the release with the payment PIN; amounts come from the stored contract, never from the body. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId, pin } = parseInput(releaseFundsRequestSchema, event.body);
    return respond(releaseFundsResponseSchema, await requestRelease(contractId, sub, pin));
  });
