import type { CustomChallenge } from '@escrow/api/identity';
import { challengeKinds } from '@escrow/domain/identity';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { storeDeviceSecret } from '../../lib/device-info';
import { deviceNameFromUserAgent } from '../../lib/device-name';
import { useDevice } from '../../lib/device-provider';
import { authPageMessages } from './messages';
import { isCompleteOtp, otpLength, sanitizeOtp } from './otp';
import {
  answerChallenge,
  answerFailure,
  type DeviceCredentials,
  isChallenge,
  otpFailure,
  type RegisterDeviceState,
  type SignInStep,
} from './sign-in';

/** The login page's navigation state, or null when the page was reached without it. */
export function readRegisterDeviceState(value: unknown): RegisterDeviceState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Partial<RegisterDeviceState>;
  if (typeof state.email !== 'string' || !state.email || typeof state.deviceId !== 'string' || !state.deviceId) return null;
  return state as RegisterDeviceState;
}

/** The device secret an emailed-code challenge brings (the newest one is the one that counts). */
function secretOf(challenge: CustomChallenge | undefined): string | undefined {
  return challenge?.challenge === challengeKinds.emailOtp ? challenge.deviceSecret : undefined;
}

function questionOf(step: SignInStep | undefined, fallback: string): string {
  return step?.kind === 'challenge' && step.challenge.challenge === challengeKinds.securityQuestion
    ? step.challenge.question
    : fallback;
}

/**
 * Why the security question cannot be shown (spec §8 "Device registration", question load): the
 * server's reason when sign-in could not pose it, the spec's text when login passed no challenge.
 */
function questionLoadError(state: RegisterDeviceState): string | null {
  if (state.questionError !== undefined) return state.questionError || authPageMessages.questionLoadFailed;
  return state.challenge ? null : authPageMessages.questionLoadFailed;
}

/** Spec §2 "Device registration": the security question, then the emailed code, for the device login found new. */
export function RegisterDevice({ state }: { state: RegisterDeviceState }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { deviceInfo } = useDevice();
  const loadError = questionLoadError(state);
  const device: DeviceCredentials = {
    deviceId: state.deviceId,
    deviceName: deviceInfo?.device_name ?? deviceNameFromUserAgent(navigator.userAgent),
  };

  const [step, setStep] = useState<'question' | 'otp'>(
    state.challenge?.challenge === challengeKinds.emailOtp ? 'otp' : 'question',
  );
  const [question, setQuestion] = useState(() =>
    questionOf(state.challenge && { kind: 'challenge', challenge: state.challenge }, ''),
  );
  const [answer, setAnswer] = useState('');
  const [otp, setOtp] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [deviceSecret, setDeviceSecret] = useState(() => secretOf(state.challenge));

  function noteSecret(next: SignInStep) {
    const secret = next.kind === 'challenge' ? secretOf(next.challenge) : undefined;
    if (secret) setDeviceSecret(secret);
  }

  async function finish() {
    // The right code made this browser a trusted device: it keeps the secret it was given for
    // that, to prove it at the next sign-in. Registering also signed the user in; they sign in
    // again from the login page.
    if (deviceSecret) storeDeviceSecret(window.localStorage, state.email, deviceSecret);
    await signOut();
    setRegistered(true);
  }

  async function submitAnswer(event: FormEvent) {
    event.preventDefault();
    if (working || over) return;
    setError(null);
    if (!answer.trim()) {
      setError(authPageMessages.enterAnswer);
      return;
    }
    setWorking(true);
    try {
      const next = await answerChallenge(answer.trim(), device);
      if (next.kind === 'signedIn') {
        await finish();
      } else if (isChallenge(next, challengeKinds.emailOtp)) {
        noteSecret(next);
        setNotice(authPageMessages.otpSent);
        setStep('otp');
      } else if (isChallenge(next, challengeKinds.securityQuestion, true)) {
        setQuestion((current) => questionOf(next, current));
        setAnswer('');
        setError(authPageMessages.incorrectAnswer);
      } else {
        setError(authPageMessages.answerRejected);
        setOver(true);
      }
    } catch (failure) {
      const { message, over: ended } = answerFailure(failure);
      setError(message);
      setOver(ended);
    } finally {
      setWorking(false);
    }
  }

  async function submitOtp(event: FormEvent) {
    event.preventDefault();
    if (working || over || !isCompleteOtp(otp)) return;
    setError(null);
    setNotice(null);
    setWorking(true);
    try {
      const next = await answerChallenge(otp, device);
      if (next.kind === 'signedIn') {
        await finish();
      } else if (isChallenge(next, challengeKinds.emailOtp, true)) {
        noteSecret(next);
        setOtp('');
        setError(authPageMessages.invalidOtp);
      } else {
        setError(authPageMessages.otpVerificationFailed);
      }
    } catch (failure) {
      const { message, over: ended } = otpFailure(failure);
      setError(message);
      setOver(ended);
    } finally {
      setWorking(false);
    }
  }

  return (
    <FormCard title="Register This Device" subtitle="This device is new to your account. Verify it's you to continue.">
      {notice && <Alert tone="success">{notice}</Alert>}

      {loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : step === 'question' ? (
        <form noValidate onSubmit={submitAnswer} className="space-y-4">
          <div>
            <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Security Question</p>
            <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">
              {question || authPageMessages.noSecurityQuestion}
            </p>
          </div>
          <TextField
            label="Your Answer"
            name="securityAnswer"
            autoComplete="off"
            required
            value={answer}
            disabled={over}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working || over}>
            {working ? 'Validating...' : 'Submit Answer'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitOtp} className="space-y-4">
          <TextField
            label={`Enter the ${otpLength}-digit code sent to ${state.email}`}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={otpLength}
            required
            value={otp}
            disabled={over}
            onChange={(event) => setOtp(sanitizeOtp(event.target.value))}
            className="text-center font-mono text-lg tracking-[0.5em]"
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working || over || !isCompleteOtp(otp)}>
            {working ? 'Verifying...' : 'Verify OTP'}
          </Button>
        </form>
      )}

      {(over || loadError) && (
        <p className="text-center text-sm">
          <Link to={paths.login.getHref()} className={linkClass}>
            Back to Login
          </Link>
        </p>
      )}

      {registered && (
        <Dialog title="Device Registered" actions={<Button onClick={() => navigate(paths.login.getHref())}>Go to Login</Button>}>
          <p>Your device has been registered. Go back to the login page and sign in again.</p>
        </Dialog>
      )}
    </FormCard>
  );
}
