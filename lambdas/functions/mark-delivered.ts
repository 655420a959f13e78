import { contractResponseSchema, markDeliveredRequestSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { markDelivered } from '../core/services/delivery';

/** The creator marks a fully funded contract delivered, with a note; the payer's inspection window starts. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { contractId, note } = parseInput(markDeliveredRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await markDelivered(contractId, sub, note) });
  });
