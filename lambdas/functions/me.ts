import { apiFunction, callerOf, json } from '../core/http';

/** The caller's identity as the verified token states it. */
export const handler = apiFunction().handler(async (event) => {
  const { sub, email } = callerOf(event);
  return json(200, { sub, email });
});
