import { passwordStrength } from './password-strength';

const barColours = ['bg-gray-300', 'bg-red-500', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-500', 'bg-emerald-700'] as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  return (
    <div className="space-y-1">
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
        <div className={`h-full transition-all ${barColours[score]}`} style={{ width: `${(score / 5) * 100}%` }} />
      </div>
      {label && <p className="text-xs text-gray-600 dark:text-gray-400">Password strength: {label}</p>}
    </div>
  );
}
