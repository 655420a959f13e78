import { apiFunction, callerOf, json } from '../core/runtime/api-function';

/** The caller's identity as the verified token states it. */
export const handler = apiFunction().handler(async (event) => {
  const { sub, email } = callerOf(event);
  return json(200, { sub, email });
});
