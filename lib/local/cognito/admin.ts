import { CognitoError, invalidParameter, userNotFound } from './errors';
import type { Pool } from './pool';
import { attributeList, attributeMap, type Json, str } from './request';
import type { LocalUser } from './user-store';

// The operations on any user of the pool, which AWS authorises with IAM (the service's own
// credentials, signed): AdminGetUser, AdminConfirmSignUp, AdminSetUserPassword,
// AdminUpdateUserAttributes, AdminDeleteUser, AdminUserGlobalSignOut and ListUsers.

function adminUser(pool: Pool, input: Json): LocalUser {
  pool.checkPool(input.UserPoolId);
  const user = pool.users.find(str(input.Username, 'Username'));
  if (!user) throw userNotFound();
  return user;
}

export async function adminGetUser(pool: Pool, input: Json): Promise<Json> {
  const user = adminUser(pool, input);
  const { Attributes, ...rest } = userType(user);
  return { ...rest, UserAttributes: Attributes };
}

export async function adminConfirmSignUp(pool: Pool, input: Json): Promise<Json> {
  const user = adminUser(pool, input);
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`);
  }
  user.status = 'CONFIRMED';
  delete user.confirmationCode;
  pool.users.put(user);
  return {};
}

export async function adminSetUserPassword(pool: Pool, input: Json): Promise<Json> {
  const user = adminUser(pool, input);
  pool.setPassword(user, str(input.Password, 'Password'));
  user.status = input.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
  pool.users.put(user);
  return {};
}

export async function adminUpdateUserAttributes(pool: Pool, input: Json): Promise<Json> {
  const user = adminUser(pool, input);
  const changes = attributeMap(input.UserAttributes);
  if ('sub' in changes) throw invalidParameter('Cannot modify the non-mutable attribute sub');
  if (changes.email) {
    const email = changes.email.trim().toLowerCase();
    const owner = pool.users.find(email);
    if (owner && owner.username !== user.username) {
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
    }
    changes.email = email;
  }
  Object.assign(user.attributes, changes);
  pool.users.put(user);
  return {};
}

export async function adminDeleteUser(pool: Pool, input: Json): Promise<Json> {
  pool.users.delete(adminUser(pool, input).username);
  return {};
}

export async function adminUserGlobalSignOut(pool: Pool, input: Json): Promise<Json> {
  pool.signOutEverywhere(adminUser(pool, input));
  return {};
}

export async function listUsers(pool: Pool, input: Json): Promise<Json> {
  pool.checkPool(input.UserPoolId);
  let users = pool.users.all();
  if (typeof input.Filter === 'string' && input.Filter.trim()) {
    const match = /^\s*([\w:]+)\s*(\^?=)\s*"(.*)"\s*$/.exec(input.Filter);
    if (!match) throw invalidParameter('Error while parsing filter.');
    const [, name = '', op, value = ''] = match;
    users = users.filter((u) => {
      const actual = filterValue(u, name);
      if (actual === undefined) return false;
      return op === '=' ? actual === value : actual.startsWith(value);
    });
  }
  const limit = typeof input.Limit === 'number' ? input.Limit : 60;
  if (!Number.isInteger(limit) || limit < 0 || limit > 60) {
    throw invalidParameter(
      `1 validation error detected: Value '${limit}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60`,
    );
  }
  return { Users: users.slice(0, limit).map(userType) };
}

/** A user as the admin operations answer it (Cognito's UserType). */
function userType(user: LocalUser) {
  return {
    Username: user.username,
    Attributes: attributeList(user),
    UserCreateDate: user.createdAt,
    UserLastModifiedDate: user.updatedAt,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

function filterValue(user: LocalUser, name: string): string | undefined {
  if (name === 'username') return user.username;
  if (name === 'sub') return user.username;
  if (name === 'cognito:user_status' || name === 'status') return user.status;
  return user.attributes[name];
}
