import * as endpoints from '@escrow/api/endpoints';
import type { ProfileResponse } from '@escrow/api/identity';
import { call } from '../../lib/api';

export function getProfile(): Promise<ProfileResponse> {
  return call(endpoints.getProfile);
}
