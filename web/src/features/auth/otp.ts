import { identityLimits } from '@escrow/domain/identity';

export const otpLength = identityLimits.otpDigits;

/** Keeps the digits a person typed or pasted, up to the OTP length. */
export function sanitizeOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, otpLength);
}

/** Exactly six digits enable the submit button (spec §5 "OTP"). */
export function isCompleteOtp(value: string): boolean {
  return value.length === otpLength && /^\d+$/.test(value);
}
