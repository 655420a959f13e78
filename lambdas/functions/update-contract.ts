import { editContractRequestSchema } from '../core/contracts/escrow';
import { editContract } from '../core/escrow-contracts';
import { apiFunction, callerOf, json, jsonBody, parseInput, pathIdSchema } from '../core/http';

/** The creator edits a pending contract. */
export const handler = apiFunction()
  .use(jsonBody())
  .handler(async (event) => {
    const { sub } = callerOf(event);
    const { id } = parseInput(pathIdSchema, event.pathParameters);
    const input = parseInput(editContractRequestSchema, event.body);
    return json(200, { contract: await editContract(id, sub, input) });
  });
