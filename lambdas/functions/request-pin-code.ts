import { pinMessages } from '../core/api/account';
import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { sendPinCode } from '../core/services/account-settings';

/** Setting the payment PIN, step 1: the security answer, then a 6-digit code to the account's email. */
export const handler = endpointFunction(
  endpoints.requestPinCode,
  async ({ caller, body }) => {
    await sendPinCode(caller.sub, body.securityAnswer);
    return { message: pinMessages.codeSent };
  },
  { body: jsonBody },
);
