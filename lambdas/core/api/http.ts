/** Header naming the device a request comes from (the current device cannot be removed). */
export const deviceIdHeader = 'x-device-id';

/**
 * Every request header the web app sends to the API. It is the CORS allow-list of the HTTP API in
 * AWS (lib/api.ts) and of the local API alike, and the web client can send no other.
 */
export const apiRequestHeaders = ['accept', 'authorization', 'content-type', deviceIdHeader] as const;
export type ApiRequestHeader = (typeof apiRequestHeaders)[number];

/** The `error` of a 500: what went wrong inside never leaves the server. */
export const internalErrorMessage = 'An unexpected error occurred';

/**
 * The `error` of a 400 whose problem the API schema gives no words of its own for (a missing or
 * mistyped field the web app never sends): zod's wording is for developers, not for a person.
 */
export const invalidRequestMessage = 'Invalid request. Please check the details and try again.';
