import * as z from 'zod';
import { accountMessages, challengeKinds, passwordMinLength } from '../domain/identity';
import { requiredText } from './common';

/**
 * The identity API's requests and replies, shared by the Lambdas (validation at the edge) and the
 * web app (typed client), so the two ends cannot drift. Field names are the spec's.
 */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));

/** The device-info record built in the browser (spec §3); device_id is the fingerprint visitor id. */
export const deviceInfoSchema = z.object({
  device_id: requiredText(128),
  device_name: requiredText(64),
  user_agent: z.string().max(512).default(''),
  platform: z.string().max(128).default(''),
  screen_resolution: z.string().max(32).default(''),
  timezone: z.string().max(64).default(''),
  language: z.string().max(35).default(''),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const signupRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(passwordMinLength, accountMessages.passwordTooShort).max(256),
  captchaToken: requiredText(4096),
  userData: z.object({
    full_name: requiredText(120),
    phone_number: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number.'),
    security_question: requiredText(200),
    security_answer: requiredText(200),
  }),
  deviceInfo: deviceInfoSchema.nullable().default(null),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

/**
 * The reply to sign-up. `deviceSecret` proves the sign-up browser is the trusted device it
 * registered: the browser keeps it beside its fingerprint and sends it at sign-in (null when the
 * sign-up had no device).
 */
export const signupResponseSchema = z.object({ message: z.string(), deviceSecret: z.string().nullable() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const sendSignupConfirmationRequestSchema = z.object({ email: emailSchema });

/** `fingerprint` on the sign-in reset page, `deviceFingerprint` from device registration (spec §7). */
export const securityQuestionRequestSchema = z.object({
  email: emailSchema,
  fingerprint: z.string().max(128).optional(),
  deviceFingerprint: z.string().max(128).optional(),
});
export const securityQuestionResponseSchema = z.object({ securityQuestion: z.string() });

export const verifyAnswerAndResetRequestSchema = z.object({
  email: emailSchema,
  securityAnswer: requiredText(200),
  deviceFingerprint: z.string().max(128).optional(),
});

export const confirmPasswordResetRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, accountMessages.resetLinkInvalid),
  newPassword: z.string().min(passwordMinLength, accountMessages.passwordTooShort).max(256),
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
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  phone_number: z.string().nullable(),
  security_ques: z.string().nullable(),
  has_security_answer: z.boolean(),
  has_payment_pin: z.boolean(),
  account_number: z.string().nullable(),
  bank_code: z.string().nullable(),
  account_name: z.string().nullable(),
  /** Whether emails that are not about money (accepted, rejected) are sent (absent: they are); money and what needs acting on always go. */
  email_updates: z.boolean().optional(),
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
  profile: profileSchema.nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

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
