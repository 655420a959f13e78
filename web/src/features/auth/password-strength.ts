import { passwordMinLength } from '@escrow/domain/identity';

export type StrengthScore = 0 | 1 | 2 | 3 | 4 | 5;

const labels = ['', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const;

/** One point each: length >= 6, length >= 10, upper and lower case, a digit, a special character (spec §5). */
export function passwordStrength(password: string): { score: StrengthScore; label: string } {
  const points = [
    password.length >= passwordMinLength,
    password.length >= 10,
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length as StrengthScore;
  return { score: points, label: labels[points] };
}
