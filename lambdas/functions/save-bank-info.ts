import { bankMessages, saveBankInfoRequestSchema, saveBankInfoResponseSchema } from '../core/api/account';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { saveBankInfo } from '../core/services/account-settings';

/** Saves where payouts go: the name resolved again by the server, the payment PIN required, the account emailed. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const input = parseInput(saveBankInfoRequestSchema, event.body);
    return respond(saveBankInfoResponseSchema, { message: bankMessages.saved, ...(await saveBankInfo(sub, input)) });
  });
