import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { signInMetadataKeys } from '../core/contracts/identity';
import { touchDevice } from '../core/entities/device';

/** Records that the signing-in device was used now (the account page sorts devices by it). */
export const handler = async (event: PostAuthenticationTriggerEvent) => {
  const deviceId = event.request.clientMetadata?.[signInMetadataKeys.deviceId];
  const sub = event.request.userAttributes.sub;
  if (deviceId && sub) await touchDevice(sub, deviceId, new Date().toISOString());
  return event;
};
