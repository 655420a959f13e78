import { emailSchema } from '@escrow/api/identity';
import { defaultCaptchaScriptUrl } from '@escrow/api/web-config';
import { securityQuestionSuggestions } from '@escrow/domain/identity';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { type AuthPrefill, paths, safeReturnTo } from '../../config/paths';
import { rememberAfterSignIn } from '../../lib/after-sign-in';
import { useConfig } from '../../lib/config';
import { timings } from '../../lib/constants';
import { deviceInfoPayload, storeDeviceSecret } from '../../lib/device-info';
import { useDevice } from '../../lib/device-provider';
import { useApiForm } from '../../lib/form';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { secureSignup, sendSignupConfirmation } from './api';
import { CaptchaNotReadyError, captchaToken, loadCaptcha } from './captcha';
import { CheckYourEmail } from './check-your-email';
import { signupFailure } from './errors';
import { authPageMessages } from './messages';
import { PasswordStrengthMeter } from './password-strength-meter';
import { signupFormSchema } from './signup-schema';

/**
 * Spec §2 "Sign-up": the account form, protected by reCAPTCHA. `prefill` when a page sent the
 * person here on the way to something (an invitation): the address filled in, and, once signed up,
 * a "check your email" step that stays, with the way back (`returnTo`) kept for after the login.
 */
export function SignupForm({ prefill = {} }: { prefill?: AuthPrefill }) {
  const config = useConfig();
  const device = useDevice();
  const navigate = useNavigate();
  const form = useApiForm(signupFormSchema, {
    fallback: authPageMessages.unexpected,
    defaultValues: {
      email: prefill.email ?? '',
      password: '',
      confirmPassword: '',
      userData: { full_name: '', phone_number: '', security_question: '', security_answer: '' },
    },
  });
  const [showPassword, setShowPassword] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const returnTo = safeReturnTo(prefill.returnTo);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const loginHref = paths.login.getHref({ email: sentTo ?? prefill.email, returnTo });

  const scriptUrl = config.captchaScriptUrl ?? defaultCaptchaScriptUrl;
  useEffect(() => {
    // Load early so a token is ready by the time the form is filled in; failures surface on submit.
    loadCaptcha(scriptUrl, config.captchaSiteKey).catch(() => undefined);
  }, [scriptUrl, config.captchaSiteKey]);

  useRedirectAfter(success !== null && !returnTo, paths.login.getHref(), timings.redirectToLoginMs);

  const submit = form.submit(async ({ email, password, userData }) => {
    // The address as the server keeps it: the device secret is filed under it too.
    const address = emailSchema.parse(email);
    try {
      const token = await captchaToken(scriptUrl, config.captchaSiteKey, 'signup');
      const reply = await secureSignup({
        email: address,
        password,
        captchaToken: token,
        userData,
        deviceInfo: deviceInfoPayload(device.deviceInfo),
      });
      // The server made this browser the account's first trusted device; the secret proves it at sign-in.
      if (reply.deviceSecret) storeDeviceSecret(window.localStorage, address, reply.deviceSecret);
      setSuccess(reply.message);
      if (returnTo) {
        // Kept again now (the clock of lib/after-sign-in.ts starts over): the login after the confirmation comes back here.
        rememberAfterSignIn(returnTo);
        setSentTo(address);
      }
      sendSignupConfirmation(address).catch((failure: unknown) => console.error('send-signup-confirmation failed', failure));
    } catch (failure) {
      // Spec §8 words sign-up's failures itself: the captcha's, and a taken email's with its dialog.
      if (failure instanceof CaptchaNotReadyError) {
        form.refuse(authPageMessages.captchaNotReady);
      } else {
        const { message, accountExists: exists } = signupFailure(failure);
        form.refuse(message);
        setAccountExists(exists);
      }
    }
  });

  // Warned while typing, before any submit has checked the form.
  const [password, confirmPassword] = form.watch(['password', 'confirmPassword']);
  const mismatch = confirmPassword !== '' && password !== confirmPassword;

  if (sentTo) return <CheckYourEmail email={sentTo} loginHref={loginHref} />;

  return (
    <FormCard title="Create an account">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Full Name" autoComplete="name" required {...form.field('userData.full_name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          required
          error={form.fieldError('password')}
          // A changed password checks its confirmation again, so a stale 'do not match' goes away.
          {...form.register('password', { deps: 'confirmPassword' })}
          trailing={
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              className="rounded px-2 py-1 text-xs font-medium text-emerald-700 hover:bg-emerald-50 dark:text-emerald-400 dark:hover:bg-gray-800"
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          }
          hint={<PasswordStrengthMeter password={password} />}
        />
        <TextField
          label="Confirm Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          required
          error={form.fieldError('confirmPassword') ?? (mismatch ? authPageMessages.passwordsDoNotMatch : undefined)}
          {...form.register('confirmPassword')}
        />
        <TextField label="Phone Number" type="tel" autoComplete="tel" required {...form.field('userData.phone_number')} />
        <SelectField label="Security Question" required {...form.field('userData.security_question')}>
          <option value="">Select a security question</option>
          {securityQuestionSuggestions.map((question) => (
            <option key={question} value={question}>
              {question}
            </option>
          ))}
        </SelectField>
        <TextField label="Security Answer" autoComplete="off" required {...form.field('userData.security_answer')} />

        {form.error && <Alert tone="error">{form.error}</Alert>}
        {success && <Alert tone="success">{success}</Alert>}

        <Button type="submit" className="w-full" disabled={form.working || device.loading || success !== null}>
          {form.working ? 'Signing Up...' : 'Sign Up'}
        </Button>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          This site is protected by reCAPTCHA and the Google{' '}
          <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" className="underline">
            Privacy Policy
          </a>{' '}
          and{' '}
          <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" className="underline">
            Terms of Service
          </a>{' '}
          apply.
        </p>
      </form>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        Already have an account?{' '}
        <Link to={loginHref} className={linkClass}>
          Login
        </Link>
      </p>

      {accountExists && (
        <Dialog
          title="Account Exists"
          actions={
            <>
              <Button variant="secondary" onClick={() => setAccountExists(false)}>
                Close
              </Button>
              <Button onClick={() => navigate(loginHref)}>Go to Login</Button>
            </>
          }
        >
          <p>{authPageMessages.accountExists}</p>
        </Dialog>
      )}
    </FormCard>
  );
}
