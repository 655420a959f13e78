import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { signInMetadataKeys } from '../core/domain/identity';
import { triggerFunction } from '../core/runtime/trigger-function';
import { recordUse } from '../core/services/devices';

/** Records that the signing-in device was used now (the account page sorts devices by it). */
export const handler = triggerFunction<PostAuthenticationTriggerEvent>().handler(async (event) => {
  const deviceId = event.request.clientMetadata?.[signInMetadataKeys.deviceId];
  const sub = event.request.userAttributes.sub;
  if (deviceId && sub) await recordUse(sub, deviceId, new Date().toISOString());
  return event;
});
