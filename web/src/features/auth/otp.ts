import { identityLimits } from '@escrow/domain/identity';
import { digitsOnly } from '../../lib/digits';

export const otpLength = identityLimits.otpDigits;

/** Keeps the digits a person typed or pasted, up to the OTP length. */
export function sanitizeOtp(value: string): string {
  return digitsOnly(value, otpLength);
}

/** Exactly six digits enable the submit button (spec §5 "OTP"). */
export function isCompleteOtp(value: string): boolean {
  return value.length === otpLength && /^\d+$/.test(value);
}
