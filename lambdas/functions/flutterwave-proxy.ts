import { bankMessages } from '../core/api/account';
import * as endpoints from '../core/api/endpoints/account';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { bankList, lookUpAccountName } from '../core/services/account-settings';

/**
 * The payment provider's two reads the bank page needs (spec §7): the bank list and an account
 * name. Nothing else passes: the route holds our secret key and is never an open proxy.
 */
export const handler = endpointFunction(
  endpoints.flutterwaveProxy,
  async ({ caller, body }) => {
    if (body.path === '/banks/NG') {
      return { status: 'success', message: 'Banks fetched successfully', data: await bankList() };
    }
    const { account_number, account_bank } = body.flutterwavePayload;
    const account_name = await lookUpAccountName(caller.sub, account_number, account_bank);
    return { status: 'success', message: bankMessages.verified, data: { account_number, account_name } };
  },
  { body: jsonBody },
);
