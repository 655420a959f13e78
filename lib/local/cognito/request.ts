import { z } from 'zod';
import { CognitoError, invalidParameter } from './errors';
import type { LocalUser } from './user-store';

export type Json = Record<string, unknown>;

// The request members the operations read, with their types in Cognito's API. Members arriving
// as null count as absent, as in AWS; anything else of the wrong type is refused with the JSON
// protocol's SerializationException (400), never reaching an operation.
const text = z.string().nullish();
const textMap = z.record(z.string(), z.string()).nullish();
const attributeTypes = z.array(z.object({ Name: z.string(), Value: z.string().nullish() })).nullish();
const requestMembers = z.looseObject({
  AccessToken: text,
  AuthFlow: text,
  AuthParameters: textMap,
  ChallengeName: text,
  ChallengeResponses: textMap,
  ClientId: text,
  ClientMetadata: textMap,
  ConfirmationCode: text,
  Filter: text,
  Limit: z.number().nullish(),
  Password: text,
  Permanent: z.boolean().nullish(),
  PreviousPassword: text,
  ProposedPassword: text,
  RefreshToken: text,
  Session: text,
  Token: text,
  UserAttributes: attributeTypes,
  UserPoolId: text,
  Username: text,
  ValidationData: attributeTypes,
});

/** The request body as an operation may use it: a JSON object whose known members have their types. */
export function requestInput(input: unknown): Json {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
  }
  const parsed = requestMembers.safeParse(input);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new CognitoError('SerializationException', `Unexpected value type for ${where || 'the request'}.`);
  }
  return parsed.data;
}

/** A required string member: absent or empty is Cognito's "Missing required parameter". */
export function str(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/** Cognito's `[{ Name, Value }]` attribute list as a map. */
export function attributeMap(value: unknown): Record<string, string> {
  if (!Array.isArray(value)) return {};
  return Object.fromEntries(value.map((a: { Name: string; Value?: string | null }) => [a.Name, a.Value ?? '']));
}

/** A user's attributes as Cognito answers them, `sub` first. */
export function attributeList(user: LocalUser) {
  return Object.entries({ sub: user.username, ...user.attributes }).map(([Name, Value]) => ({ Name, Value }));
}
