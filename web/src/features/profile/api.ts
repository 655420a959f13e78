import { type ProfileResponse, profileResponseSchema } from '@escrow/api/identity';
import { apiFetch } from '../../lib/api';

export function getProfile(): Promise<ProfileResponse> {
  return apiFetch('/profile', { schema: profileResponseSchema });
}
