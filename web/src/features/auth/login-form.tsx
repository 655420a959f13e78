import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { type AuthPrefill, paths, safeReturnTo } from '../../config/paths';
import { takeAfterSignIn } from '../../lib/after-sign-in';
import { timings } from '../../lib/constants';
import { readDeviceSecret } from '../../lib/device-info';
import { deviceNameFromUserAgent } from '../../lib/device-name';
import { useDevice } from '../../lib/device-provider';
import { useApiForm } from '../../lib/form';
import { useCountdown } from '../../lib/use-countdown';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { loginFormSchema } from './login-schema';
import { authPageMessages } from './messages';
import { type RegisterDeviceState, signInErrorMessage, signInWithDevice } from './sign-in';

/**
 * Spec §2 "Login": email and password on this device; a new device goes on to its registration.
 * `prefill` when a page sent the person here on the way to something (an invitation): the address
 * filled in, and where to go once signed in.
 */
export function LoginForm({ prefill = {} }: { prefill?: AuthPrefill }) {
  const device = useDevice();
  const navigate = useNavigate();
  const form = useApiForm(loginFormSchema, {
    fallback: authPageMessages.sessionFailed,
    defaultValues: { email: prefill.email ?? '', password: '' },
  });
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);
  const lockout = useCountdown();

  // Where the person was going when sent to sign in (a contract's link), else the dashboard.
  const [destination, setDestination] = useState<string>(paths.dashboard.getHref());
  useRedirectAfter(status === 'success', destination, timings.loginRedirectMs);

  function fail(message: string) {
    setError(message);
    setStatus('idle');
    lockout.start(timings.loginLockoutMs / 1000);
  }

  // Empty fields are marked by the form's own check and never reach sign-in (nor its lockout).
  const submit = form.handleSubmit(async ({ email, password }) => {
    if (status !== 'idle' || lockout.secondsLeft > 0) return;
    setError(null);
    const deviceId = device.deviceId;
    if (!deviceId) {
      fail(authPageMessages.noDeviceId);
      return;
    }
    const deviceName = device.deviceInfo?.device_name ?? deviceNameFromUserAgent(navigator.userAgent);
    const username = email.trim().toLowerCase();
    setStatus('submitting');
    try {
      const deviceSecret = readDeviceSecret(window.localStorage, username);
      const step = await signInWithDevice(username, password, { deviceId, deviceName, deviceSecret });
      switch (step.kind) {
        case 'signedIn': {
          // Taken either way, so a page remembered earlier does not outlive this sign-in.
          const remembered = takeAfterSignIn();
          setDestination(safeReturnTo(prefill.returnTo) ?? remembered ?? paths.dashboard.getHref());
          setStatus('success');
          return;
        }
        case 'unconfirmed':
          fail(authPageMessages.unconfirmedEmail);
          return;
        case 'noSession':
          fail(authPageMessages.sessionFailed);
          return;
        case 'challenge': {
          const state: RegisterDeviceState = { userId: step.userId, email: username, deviceId, challenge: step.challenge };
          navigate(paths.registerDevice.getHref(), { state });
          return;
        }
        case 'questionUnavailable': {
          // The device is new; its registration page says why the question could not be shown.
          const state: RegisterDeviceState = { email: username, deviceId, questionError: step.reason };
          navigate(paths.registerDevice.getHref(), { state });
          return;
        }
        default:
          fail(authPageMessages.invalidResponse);
      }
    } catch (failure) {
      fail(signInErrorMessage(failure));
    }
  });

  const locked = lockout.secondsLeft > 0;
  const label = locked ? `Wait ${lockout.secondsLeft}s` : status === 'submitting' ? 'Logging in...' : 'Login';

  return (
    <FormCard title="Login">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
        <div className="text-right text-sm">
          <Link to={paths.forgotPassword.getHref()} className={linkClass}>
            Forgot Password?
          </Link>
        </div>

        {error && <Alert tone="error">{error}</Alert>}
        {status === 'success' && <Alert tone="success">Login successful. Redirecting...</Alert>}

        <Button type="submit" className="w-full" disabled={locked || status !== 'idle' || device.loading}>
          {label}
        </Button>
      </form>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        Don't have an account?{' '}
        <Link to={paths.signup.getHref(prefill)} className={linkClass}>
          Sign Up
        </Link>
      </p>
    </FormCard>
  );
}
