import { pathIdSchema } from '../core/api/common';
import { contractResponseSchema, editContractRequestSchema } from '../core/api/contracts';
import { apiFunction, callerOf, jsonBody, parseInput, respond } from '../core/runtime/api-function';
import { editContract } from '../core/services/contracts';

/** The creator edits a pending contract. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { id } = parseInput(pathIdSchema, event.pathParameters);
    const input = parseInput(editContractRequestSchema, event.body);
    return respond(contractResponseSchema, { contract: await editContract(id, sub, input) });
  });
