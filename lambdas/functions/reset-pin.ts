import { pinMessages } from '../core/api/account';
import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { setPaymentPin } from '../core/services/account-settings';

/** Setting the payment PIN, step 2: the emailed code (used once) and the new PIN, kept as a salted hash. */
export const handler = endpointFunction(
  endpoints.resetPin,
  async ({ caller, body: { code, pin } }) => {
    await setPaymentPin(caller.sub, code, pin);
    return { message: pinMessages.saved };
  },
  { body: jsonBody },
);
