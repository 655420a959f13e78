import { callerResponseSchema } from '../core/api/identity';
import { apiFunction, callerOf, respond } from '../core/runtime/api-function';

/** The caller's identity as the verified token states it. */
export const handler = apiFunction().handler(async (event) => {
  const { sub, email } = callerOf(event);
  return respond(callerResponseSchema, { sub, email });
});
