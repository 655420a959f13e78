import { bankMessages, banksResponseSchema, providerProxyRequestSchema, resolveAccountResponseSchema } from '../core/api/account';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { bankList, lookUpAccountName } from '../core/services/account-settings';

/**
 * The payment provider's two reads the bank page needs (spec §7): the bank list and an account
 * name. Nothing else passes: the route holds our secret key and is never an open proxy.
 */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const request = parseInput(providerProxyRequestSchema, event.body);
    if (request.path === '/banks/NG') {
      return respond(banksResponseSchema, { status: 'success', message: 'Banks fetched successfully', data: await bankList() });
    }
    const { account_number, account_bank } = request.flutterwavePayload;
    const account_name = await lookUpAccountName(sub, account_number, account_bank);
    return respond(resolveAccountResponseSchema, {
      status: 'success',
      message: bankMessages.verified,
      data: { account_number, account_name },
    });
  });
