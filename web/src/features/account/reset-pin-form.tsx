import { pinCodeRequestSchema } from '@escrow/api/account';
import { identityLimits } from '@escrow/domain/identity';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PinField } from '../../components/pin-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { Loading } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { digitsOnly } from '../../lib/digits';
import { useApiForm } from '../../lib/form';
import { useLoad } from '../../lib/use-load';
import { getAccount, requestPinCode, resetPin } from './api';
import { accountPageMessages, pinAction } from './messages';
import { accountNotice } from './notice';
import { resetPinFormSchema } from './reset-pin-schema';

const codeLength = identityLimits.otpDigits;

/**
 * Sets the payment PIN, or resets it once one exists: the account's security question first, then
 * the 6-digit code the server emails and the new PIN twice. Finishes at `returnTo` (My Account
 * unless the page was opened from elsewhere), which announces the server's message.
 */
export function ResetPinForm({ returnTo = paths.myAccount.getHref() }: { returnTo?: string }) {
  const navigate = useNavigate();
  const [account] = useLoad(getAccount);
  // The server's "code sent" once the answer is accepted: the second step is then open.
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const answerForm = useApiForm(pinCodeRequestSchema, {
    fallback: accountPageMessages.pinCodeFailed,
    defaultValues: { securityAnswer: '' },
  });
  const pinForm = useApiForm(resetPinFormSchema, {
    fallback: accountPageMessages.resetPinFailed,
    defaultValues: { code: '', pin: '', confirmPin: '' },
  });

  const sendAnswer = answerForm.submit(
    ({ securityAnswer }) => requestPinCode(securityAnswer),
    ({ message }) => setCodeSent(message),
  );
  const savePin = pinForm.submit(resetPin, ({ message }) => navigate(returnTo, { state: accountNotice(message) }));

  const profile = account.status === 'loaded' ? account.data.profile : undefined;
  const labels = pinAction(account.status === 'loaded' ? (profile?.has_payment_pin ?? false) : undefined);

  return (
    <FormCard title={labels.title} subtitle="Your payment PIN guards releases of funds and changes of bank details.">
      {codeSent && <Alert tone="success">{codeSent}</Alert>}
      {codeSent === null ? (
        <form noValidate onSubmit={sendAnswer} className="space-y-4">
          <div>
            <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Security Question</p>
            {account.status === 'loading' && <Loading />}
            {account.status === 'failed' && (
              <Alert tone="error">{failureMessage(account.error, accountPageMessages.questionLoadFailed)}</Alert>
            )}
            {account.status === 'loaded' && (
              <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">
                {profile?.security_ques || accountPageMessages.noSecurityQuestion}
              </p>
            )}
          </div>
          <TextField label="Security answer" autoComplete="off" required {...answerForm.field('securityAnswer')} />
          {answerForm.error && <Alert tone="error">{answerForm.error}</Alert>}
          <Button type="submit" className="w-full" disabled={answerForm.working}>
            {answerForm.working ? 'Sending...' : 'Send Code'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={savePin} className="space-y-4">
          <Controller
            control={pinForm.control}
            name="code"
            render={({ field, fieldState: { error } }) => (
              <TextField
                {...field}
                label={`${codeLength}-digit code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={codeLength}
                required
                error={error?.message}
                onChange={(event) => field.onChange(digitsOnly(event.target.value, codeLength))}
                className="text-center font-mono text-lg tracking-[0.5em]"
              />
            )}
          />
          {/* Controlled boxes: PinField keeps digits only, so it hands over the PIN, not the keystroke. */}
          <Controller
            control={pinForm.control}
            name="pin"
            render={({ field, fieldState: { error } }) => <PinField {...field} label="New PIN" error={error?.message} />}
          />
          <Controller
            control={pinForm.control}
            name="confirmPin"
            render={({ field, fieldState: { error } }) => <PinField {...field} label="Confirm PIN" error={error?.message} />}
          />
          {pinForm.error && <Alert tone="error">{pinForm.error}</Alert>}
          <Button type="submit" className="w-full" disabled={pinForm.working}>
            {pinForm.working ? 'Saving...' : labels.submit}
          </Button>
        </form>
      )}
    </FormCard>
  );
}
