import { accountMessages, challengeKinds, passwordMinLength } from '../domain/identity';
import * as z from '../domain/zod';
import { foreignAccountSchema } from './account';
import { requiredText } from './common';

/**
 * The identity API's requests and replies, shared by the Lambdas (validation at the edge) and the
 * web app (typed client), so the two ends cannot drift. Field names are the spec's.
 */

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email({ message: 'Please enter a valid email address.' }),
);

/** The device-info record built in the browser (spec §3); device_id is the fingerprint visitor id. */
export const deviceInfoSchema = z.object({
  device_id: requiredText(128),
  device_name: requiredText(64),
  user_agent: z._default(z.string().check(z.maxLength(512)), ''),
  platform: z._default(z.string().check(z.maxLength(128)), ''),
  screen_resolution: z._default(z.string().check(z.maxLength(32)), ''),
  timezone: z._default(z.string().check(z.maxLength(64)), ''),
  language: z._default(z.string().check(z.maxLength(35)), ''),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const signupRequestSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(passwordMinLength, accountMessages.passwordTooShort), z.maxLength(256)),
  captchaToken: requiredText(4096),
  userData: z.object({
    full_name: requiredText(120),
    phone_number: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number.')),
    security_question: requiredText(200),
    security_answer: requiredText(200),
  }),
  deviceInfo: z._default(z.nullable(deviceInfoSchema), null),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

/**
 * The reply to sign-up. `deviceSecret` proves the sign-up browser is the trusted device it
 * registered: the browser keeps it beside its fingerprint and sends it at sign-in (null when the
 * sign-up had no device).
 */
export const signupResponseSchema = z.object({ message: z.string(), deviceSecret: z.nullable(z.string()) });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const sendSignupConfirmationRequestSchema = z.object({ email: emailSchema });

/** The emailed confirmation link's code and email, with the password chosen at sign-up (services/signup-confirmation.ts). */
export const confirmEmailRequestSchema = z.object({
  email: emailSchema,
  code: z.string().check(z.regex(/^[0-9]{6}$/, accountMessages.confirmationLinkInvalid)),
  password: z.string().check(z.minLength(1, 'Please enter your password.'), z.maxLength(256)),
});

/** "This was not me": the email and the token of the link in the confirmation email. */
export const removeSignupRequestSchema = z.object({
  email: emailSchema,
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, accountMessages.confirmationLinkInvalid)),
});

/** `fingerprint` on the sign-in reset page, `deviceFingerprint` from device registration (spec §7). */
export const securityQuestionRequestSchema = z.object({
  email: emailSchema,
  fingerprint: z.optional(z.string().check(z.maxLength(128))),
  deviceFingerprint: z.optional(z.string().check(z.maxLength(128))),
});
export const securityQuestionResponseSchema = z.object({ securityQuestion: z.string() });

export const verifyAnswerAndResetRequestSchema = z.object({
  email: emailSchema,
  securityAnswer: requiredText(200),
  deviceFingerprint: z.optional(z.string().check(z.maxLength(128))),
  /** The unlock proof of a link emailed to the account when wrong answers filled its limits (services/reset-unlock.ts). */
  unlock: z.optional(z.string().check(z.maxLength(128))),
});

export const confirmPasswordResetRequestSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, accountMessages.resetLinkInvalid)),
  newPassword: z.string().check(z.minLength(passwordMinLength, accountMessages.passwordTooShort), z.maxLength(256)),
});

/** A trusted device as the account page shows it (spec §3). */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  device_name: z.string(),
  last_used_at: z.string(),
  registered_at: z.string(),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;
export const devicesResponseSchema = z.object({ devices: z.array(trustedDeviceSchema) });

/** The spec's `users` fields; the answer and the PIN never leave the server, only whether they are set. */
export const profileSchema = z.object({
  full_name: z.nullable(z.string()),
  username: z.nullable(z.string()),
  phone_number: z.nullable(z.string()),
  security_ques: z.nullable(z.string()),
  has_security_answer: z.boolean(),
  has_payment_pin: z.boolean(),
  account_number: z.nullable(z.string()),
  bank_code: z.nullable(z.string()),
  account_name: z.nullable(z.string()),
  /** The dollar (domiciliary) account, when one is saved (entities/profile.ts `foreign_accounts`). */
  foreign_accounts: z.optional(z.object({ USD: z.optional(foreignAccountSchema) })),
  /** Whether emails that are not about money (accepted, rejected) are sent (absent: they are); money and what needs acting on always go. */
  email_updates: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof profileSchema>;

/** `save-email-preferences`: turns the emails that are not about money on or off. */
export const emailPreferencesRequestSchema = z.object({
  email_updates: z.boolean({ message: 'Choose whether to get these emails.' }),
});
export type EmailPreferencesRequest = z.input<typeof emailPreferencesRequestSchema>;

/** The caller's account: always id, email, created date; `profile` null when the row is missing. */
export const profileResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  profile: z.nullable(profileSchema),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** `me`: the caller as the verified token names them. */
export const callerResponseSchema = z.object({ sub: z.string(), email: z.optional(z.string()) });

/** `DELETE /devices/{id}`: a device's id is its browser fingerprint, not one of our ids. */
export const devicePathSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) });

export const customChallengeSchema = z.discriminatedUnion('challenge', [
  z.object({
    challenge: z.literal(challengeKinds.securityQuestion),
    /** The user's question; empty when the account has none. */
    question: z.string(),
    /** 'true' when this is asked again after a wrong answer. */
    retry: z.enum(['true', 'false']),
  }),
  z.object({
    challenge: z.literal(challengeKinds.emailOtp),
    retry: z.enum(['true', 'false']),
    /**
     * The secret this browser keeps if it enters the right code now: from then on it proves the
     * device at sign-in. Every ask brings a new one; only the newest is stored with the device.
     */
    deviceSecret: z.string(),
  }),
]);
export type CustomChallenge = z.infer<typeof customChallengeSchema>;
