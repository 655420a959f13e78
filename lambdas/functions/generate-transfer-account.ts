import * as endpoints from '../core/api/endpoints/payments';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { generateTransferAccount } from '../core/services/payments/transfer-account';

/** A bank account to send exactly the amount due to; a transfer to it is credited into this contract's escrow. */
export const handler = endpointFunction(
  endpoints.generateTransferAccount,
  ({ caller, body }) => generateTransferAccount(body.contractId, caller),
  { body: jsonBody },
);
