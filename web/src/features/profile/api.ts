import { type ProfileResponse, profileResponseSchema } from '../../../../lambdas/core/contracts/identity';
import { apiFetch } from '../../lib/api';

export function getProfile(): Promise<ProfileResponse> {
  return apiFetch('/profile', { schema: profileResponseSchema });
}
