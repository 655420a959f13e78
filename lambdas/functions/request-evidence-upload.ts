import * as endpoints from '../core/api/endpoints/evidence';
import { endpointFunction, jsonBody } from '../core/runtime/api-function';
import { requestEvidenceUpload } from '../core/services/evidence';

/** A party of a contract asks to upload a file for a delivery or a dispute: a presigned POST fixing its key, type and size. */
export const handler = endpointFunction(
  endpoints.requestEvidenceUpload,
  ({ caller, body }) => requestEvidenceUpload(caller.sub, body),
  { body: jsonBody },
);
