import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../core/clients';
import type { ProfileResponse } from '../core/contracts/identity';
import { getProfile, toProfile } from '../core/entities/profile';
import { requireEnv } from '../core/env';
import { apiFunction, callerOf, json } from '../core/http';

/** The caller's own account; a missing profile row is tolerated (id, email and created date only). */
export const handler = apiFunction().handler(async (event) => {
  const caller = callerOf(event);
  const item = await getProfile(caller.sub);
  let reply: ProfileResponse;
  if (item) {
    reply = { id: caller.sub, email: item.email, created_at: item.created_at, profile: toProfile(item) };
  } else {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: requireEnv('userPoolId'), Username: caller.sub }));
    reply = {
      id: caller.sub,
      email: caller.email ?? user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '',
      created_at: (user.UserCreateDate ?? new Date()).toISOString(),
      profile: null,
    };
  }
  return json(200, reply);
});
