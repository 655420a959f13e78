import * as endpoints from '../core/api/endpoints/evidence';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { confirmEvidence } from '../core/services/evidence';

/** The uploader confirms a file: its bytes checked against its declared type, a good one kept, a bad one deleted and refused. */
export const handler = endpointFunction(
  endpoints.confirmEvidence,
  ({ caller, body }) => confirmEvidence(caller.sub, body.fileId),
  { body: jsonBody },
);
