import type * as z from '../../domain/zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One route of the HTTP API as its callers see it (lambdas/core/api/endpoints.ts lists them all). */
export interface Endpoint {
  /** The route's function, `lambdas/functions/<name>.ts`; the endpoint's export name is its camelCase. */
  readonly name: string;
  readonly method: HttpMethod;
  /** The HTTP API path, with `{param}` placeholders. */
  readonly path: `/${string}`;
  /**
   * 'protected': behind the user pool's JWT authorizer, called with the person's ID token (a 401 is
   * their session ending). 'public': anybody, without a token (a 401 is the endpoint's own answer).
   */
  readonly auth: 'public' | 'protected';
  /** The path's `{param}`s, as the function reads them; on a path with placeholders only. */
  readonly params?: z.ZodMiniType;
  /** The JSON body; none for a request without one. */
  readonly request?: z.ZodMiniType;
  /** The reply of a success (a failure is `{ "error": "..." }`). */
  readonly response: z.ZodMiniType;
}
