import { pinCodeRequestSchema, resetPinRequestSchema } from '@escrow/api/account';
import { identityLimits } from '@escrow/domain/identity';
import { type FormEvent, useState } from 'react';
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
import { useLoad } from '../../lib/use-load';
import { getAccount, requestPinCode, resetPin } from './api';
import { accountPageMessages } from './messages';
import { accountNotice } from './notice';

const codeLength = identityLimits.otpDigits;

/**
 * Sets or resets the payment PIN: the account's security question first, then the 6-digit code
 * the server emails and the new PIN twice. Finishes on My Account.
 */
export function ResetPinForm() {
  const navigate = useNavigate();
  const [account] = useLoad(getAccount);
  const [step, setStep] = useState<'answer' | 'code'>('answer');
  const [answer, setAnswer] = useState('');
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submitAnswer(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setError(null);
    const parsed = pinCodeRequestSchema.safeParse({ securityAnswer: answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? accountPageMessages.pinCodeFailed);
      return;
    }
    setWorking(true);
    try {
      const { message } = await requestPinCode(parsed.data.securityAnswer);
      setNotice(message);
      setStep('code');
    } catch (failure) {
      setError(failureMessage(failure, accountPageMessages.pinCodeFailed));
    } finally {
      setWorking(false);
    }
  }

  async function submitPin(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setError(null);
    const parsed = resetPinRequestSchema.safeParse({ code, pin, confirmPin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? accountPageMessages.pin.format);
      return;
    }
    setWorking(true);
    try {
      const { message } = await resetPin(parsed.data);
      navigate(paths.myAccount.getHref(), { state: accountNotice(message) });
    } catch (failure) {
      setError(failureMessage(failure, accountPageMessages.resetPinFailed));
      setWorking(false);
    }
  }

  const question = account.status === 'loaded' ? account.data.profile?.security_ques : null;

  return (
    <FormCard title="Reset Payment PIN" subtitle="Your payment PIN guards releases of funds and changes of bank details.">
      {notice && <Alert tone="success">{notice}</Alert>}
      {step === 'answer' ? (
        <form noValidate onSubmit={submitAnswer} className="space-y-4">
          <div>
            <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Security Question</p>
            {account.status === 'loading' && <Loading />}
            {account.status === 'failed' && (
              <Alert tone="error">{failureMessage(account.error, accountPageMessages.questionLoadFailed)}</Alert>
            )}
            {account.status === 'loaded' && (
              <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">
                {question || accountPageMessages.noSecurityQuestion}
              </p>
            )}
          </div>
          <TextField
            label="Security answer"
            name="securityAnswer"
            autoComplete="off"
            required
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working}>
            {working ? 'Sending...' : 'Send Code'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitPin} className="space-y-4">
          <TextField
            label={`${codeLength}-digit code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={codeLength}
            required
            value={code}
            onChange={(event) => setCode(digitsOnly(event.target.value, codeLength))}
            className="text-center font-mono text-lg tracking-[0.5em]"
          />
          <PinField label="New PIN" name="pin" value={pin} onChange={setPin} />
          <PinField label="Confirm PIN" name="confirmPin" value={confirmPin} onChange={setConfirmPin} />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working}>
            {working ? 'Saving...' : 'Reset PIN'}
          </Button>
        </form>
      )}
    </FormCard>
  );
}
