import type { CustomChallenge } from '@escrow/api/identity';
import { challengeKinds } from '@escrow/domain/identity';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { storeDeviceSecret } from '../../lib/device-info';
import { deviceNameFromUserAgent } from '../../lib/device-name';
import { useDevice } from '../../lib/device-provider';
import { useApiForm } from '../../lib/form';
import { LoginLink } from './login-link';
import { authPageMessages } from './messages';
import { isCompleteOtp, otpLength, sanitizeOtp } from './otp';
import { otpFormSchema, securityAnswerFormSchema } from './register-device-schema';
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
  const answerForm = useApiForm(securityAnswerFormSchema, {
    fallback: authPageMessages.answerRejected,
    defaultValues: { securityAnswer: '' },
  });
  const otpForm = useApiForm(otpFormSchema, {
    fallback: authPageMessages.otpVerificationFailed,
    defaultValues: { otp: '' },
  });
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

  // Spec §8 words each failure of the two steps itself, and which ones end this sign-in (`over`
  // then disables the field and the button, so neither form is sent again).
  const submitAnswer = answerForm.submit(async ({ securityAnswer }) => {
    try {
      const next = await answerChallenge(securityAnswer.trim(), device);
      if (next.kind === 'signedIn') {
        await finish();
      } else if (isChallenge(next, challengeKinds.emailOtp)) {
        noteSecret(next);
        setNotice(authPageMessages.otpSent);
        setStep('otp');
      } else if (isChallenge(next, challengeKinds.securityQuestion, true)) {
        setQuestion((current) => questionOf(next, current));
        answerForm.setValue('securityAnswer', '');
        answerForm.refuse(authPageMessages.incorrectAnswer);
      } else {
        answerForm.refuse(authPageMessages.answerRejected);
        setOver(true);
      }
    } catch (failure) {
      const { message, over: ended } = answerFailure(failure);
      answerForm.refuse(message);
      setOver(ended);
    }
  });

  const submitOtp = otpForm.submit(async ({ otp }) => {
    setNotice(null);
    try {
      const next = await answerChallenge(otp, device);
      if (next.kind === 'signedIn') {
        await finish();
      } else if (isChallenge(next, challengeKinds.emailOtp, true)) {
        noteSecret(next);
        otpForm.setValue('otp', '');
        otpForm.refuse(authPageMessages.invalidOtp);
      } else {
        otpForm.refuse(authPageMessages.otpVerificationFailed);
      }
    } catch (failure) {
      const { message, over: ended } = otpFailure(failure);
      otpForm.refuse(message);
      setOver(ended);
    }
  });

  const otpField = otpForm.register('otp');
  const otp = otpForm.watch('otp');

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
          <TextField label="Your Answer" autoComplete="off" required disabled={over} {...answerForm.field('securityAnswer')} />
          {answerForm.error && <Alert tone="error">{answerForm.error}</Alert>}
          <Button type="submit" className="w-full" disabled={answerForm.working || over}>
            {answerForm.working ? 'Validating...' : 'Submit Answer'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitOtp} className="space-y-4">
          <TextField
            label={`Enter the ${otpLength}-digit code sent to ${state.email}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={otpLength}
            required
            disabled={over}
            error={otpForm.fieldError('otp')}
            className="text-center font-mono text-lg tracking-[0.5em]"
            {...otpField}
            onChange={(event) => {
              // Only digits are kept, as typed or pasted: the box shows the code that will be sent.
              event.target.value = sanitizeOtp(event.target.value);
              return otpField.onChange(event);
            }}
          />
          {otpForm.error && <Alert tone="error">{otpForm.error}</Alert>}
          <Button type="submit" className="w-full" disabled={otpForm.working || over || !isCompleteOtp(otp)}>
            {otpForm.working ? 'Verifying...' : 'Verify OTP'}
          </Button>
        </form>
      )}

      {(over || loadError) && <LoginLink />}

      {registered && (
        <Dialog title="Device Registered" actions={<Button onClick={() => navigate(paths.login.getHref())}>Go to Login</Button>}>
          <p>Your device has been registered. Go back to the login page and sign in again.</p>
        </Dialog>
      )}
    </FormCard>
  );
}
