import { bankMessages } from '../core/api/account';
import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { saveBankInfo } from '../core/services/account-settings';

/** Saves where payouts go: the name resolved again by the server, the payment PIN required, the account emailed. */
export const handler = endpointFunction(
  endpoints.saveBankInfo,
  async ({ caller, body }) => ({
    message: bankMessages.saved,
    ...(await saveBankInfo(caller.sub, body)),
  }),
  { body: jsonBody },
);
