import { pinMessages, resetPinRequestSchema } from '../core/api/account';
import { messageResponseSchema } from '../core/api/common';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { setPaymentPin } from '../core/services/account-settings';

/** Setting the payment PIN, step 2: the emailed code (used once) and the new PIN, kept as a salted hash. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { code, pin } = parseInput(resetPinRequestSchema, event.body);
    await setPaymentPin(sub, code, pin);
    return respond(messageResponseSchema, { message: pinMessages.saved });
  });
