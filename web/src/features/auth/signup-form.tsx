import { defaultCaptchaScriptUrl } from '@escrow/api/web-config';
import { passwordMinLength, securityQuestionSuggestions } from '@escrow/domain/identity';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useConfig } from '../../lib/config';
import { timings } from '../../lib/constants';
import { deviceInfoPayload, storeDeviceSecret } from '../../lib/device-info';
import { useDevice } from '../../lib/device-provider';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { secureSignup, sendSignupConfirmation } from './api';
import { CaptchaNotReadyError, captchaToken, loadCaptcha } from './captcha';
import { signupFailure } from './errors';
import { authPageMessages } from './messages';
import { PasswordStrengthMeter } from './password-strength-meter';

const emptyForm = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phoneNumber: '',
  securityQuestion: '',
  securityAnswer: '',
};
type SignupForm = typeof emptyForm;

function validate(form: SignupForm): string | null {
  if (Object.values(form).some((value) => !value.trim())) return authPageMessages.fillAllFields;
  if (form.password.length < passwordMinLength) return authPageMessages.passwordTooShort;
  if (form.password !== form.confirmPassword) return authPageMessages.passwordsDoNotMatch;
  return null;
}

/** Spec §2 "Sign-up": the account form, protected by reCAPTCHA. */
export function SignupForm() {
  const config = useConfig();
  const device = useDevice();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);

  const scriptUrl = config.captchaScriptUrl ?? defaultCaptchaScriptUrl;
  useEffect(() => {
    // Load early so a token is ready by the time the form is filled in; failures surface on submit.
    loadCaptcha(scriptUrl, config.captchaSiteKey).catch(() => undefined);
  }, [scriptUrl, config.captchaSiteKey]);

  useRedirectAfter(success !== null, paths.login.getHref(), timings.redirectToLoginMs);

  const update = (field: keyof SignupForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || success) return;
    setError(null);
    const invalid = validate(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSubmitting(true);
    const email = form.email.trim().toLowerCase();
    try {
      const token = await captchaToken(scriptUrl, config.captchaSiteKey, 'signup');
      const reply = await secureSignup({
        email,
        password: form.password,
        captchaToken: token,
        userData: {
          full_name: form.fullName.trim(),
          phone_number: form.phoneNumber.trim(),
          security_question: form.securityQuestion,
          security_answer: form.securityAnswer.trim(),
        },
        deviceInfo: deviceInfoPayload(device.deviceInfo),
      });
      // The server made this browser the account's first trusted device; the secret proves it at sign-in.
      if (reply.deviceSecret) storeDeviceSecret(window.localStorage, email, reply.deviceSecret);
      setSuccess(reply.message);
      sendSignupConfirmation(email).catch((failure: unknown) => console.error('send-signup-confirmation failed', failure));
    } catch (failure) {
      if (failure instanceof CaptchaNotReadyError) {
        setError(authPageMessages.captchaNotReady);
      } else {
        const { message, accountExists: exists } = signupFailure(failure);
        setError(message);
        setAccountExists(exists);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const mismatch = form.confirmPassword !== '' && form.password !== form.confirmPassword;

  return (
    <FormCard title="Create an account">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          value={form.fullName}
          onChange={update('fullName')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={update('email')}
        />
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={form.password}
          onChange={update('password')}
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
          hint={<PasswordStrengthMeter password={form.password} />}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          aria-invalid={mismatch}
          hint={
            mismatch ? <span className="text-red-600 dark:text-red-400">{authPageMessages.passwordsDoNotMatch}</span> : undefined
          }
        />
        <TextField
          label="Phone Number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          required
          value={form.phoneNumber}
          onChange={update('phoneNumber')}
        />
        <SelectField
          label="Security Question"
          name="securityQuestion"
          required
          value={form.securityQuestion}
          onChange={update('securityQuestion')}
        >
          <option value="">Select a security question</option>
          {securityQuestionSuggestions.map((question) => (
            <option key={question} value={question}>
              {question}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Security Answer"
          name="securityAnswer"
          autoComplete="off"
          required
          value={form.securityAnswer}
          onChange={update('securityAnswer')}
        />

        {error && <Alert tone="error">{error}</Alert>}
        {success && <Alert tone="success">{success}</Alert>}

        <Button type="submit" className="w-full" disabled={submitting || device.loading || success !== null}>
          {submitting ? 'Signing Up...' : 'Sign Up'}
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
        <Link to={paths.login.getHref()} className={linkClass}>
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
              <Button onClick={() => navigate(paths.login.getHref())}>Go to Login</Button>
            </>
          }
        >
          <p>{authPageMessages.accountExists}</p>
        </Dialog>
      )}
    </FormCard>
  );
}
