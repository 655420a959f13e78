import * as endpoints from '../core/api/endpoints/evidence';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { evidenceLink } from '../core/services/evidence';

/** A party of the contract gets a 5-minute link to read a confirmed file. */
export const handler = endpointFunction(endpoints.evidenceLink, ({ caller, body }) => evidenceLink(caller.sub, body.fileId), {
  body: jsonBody,
});
