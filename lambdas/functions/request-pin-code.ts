import { pinCodeRequestSchema, pinMessages } from '../core/api/account';
import { messageResponseSchema } from '../core/api/common';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { sendPinCode } from '../core/services/account-settings';

/** Setting the payment PIN, step 1: the security answer, then a 6-digit code to the account's email. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { securityAnswer } = parseInput(pinCodeRequestSchema, event.body);
    await sendPinCode(sub, securityAnswer);
    return respond(messageResponseSchema, { message: pinMessages.codeSent });
  });
