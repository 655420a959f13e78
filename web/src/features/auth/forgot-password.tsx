import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useDevice } from '../../lib/device-provider';
import { getSecurityQuestion, verifyAnswerAndReset } from './api';
import { resetAnswerFailure, securityQuestionFailure } from './errors';
import { authPageMessages } from './messages';

type Step = 'enter_email' | 'answer_question' | 'email_sent';

/** Spec §2 "Forgot password": the email, then the security question, then a reset link by email. */
export function ForgotPassword() {
  const { deviceId } = useDevice();
  const [step, setStep] = useState<Step>('enter_email');
  const [email, setEmail] = useState('');
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setError(null);
    const address = email.trim().toLowerCase();
    if (!address) {
      setError(authPageMessages.enterEmail);
      return;
    }
    setWorking(true);
    try {
      const securityQuestion = await getSecurityQuestion(address, deviceId);
      if (!securityQuestion) {
        setError(authPageMessages.questionNotFound);
        return;
      }
      setEmail(address);
      setQuestion(securityQuestion);
      setStep('answer_question');
    } catch (failure) {
      setError(securityQuestionFailure(failure));
    } finally {
      setWorking(false);
    }
  }

  async function submitAnswer(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setError(null);
    if (!answer.trim()) {
      setError(authPageMessages.enterAnswer);
      return;
    }
    setWorking(true);
    try {
      await verifyAnswerAndReset(email, answer.trim(), deviceId);
      setStep('email_sent');
    } catch (failure) {
      setError(resetAnswerFailure(failure));
    } finally {
      setWorking(false);
    }
  }

  if (step === 'email_sent') {
    return (
      <FormCard title="Email Sent">
        <Alert tone="success">We have emailed a password reset link to {email}. Open it to choose a new password.</Alert>
        <p className="text-center text-sm">
          <Link to={paths.login.getHref()} className={linkClass}>
            Back to Login
          </Link>
        </p>
      </FormCard>
    );
  }

  return (
    <FormCard
      title="Forgot Password"
      subtitle={step === 'enter_email' ? 'Enter your email address to reset your password.' : 'Answer your security question.'}
    >
      {step === 'enter_email' ? (
        <form noValidate onSubmit={submitEmail} className="space-y-4">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working}>
            {working ? 'Checking...' : 'Continue'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitAnswer} className="space-y-4">
          <div>
            <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Security Question</p>
            <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">{question}</p>
          </div>
          <TextField
            label="Security Answer"
            name="securityAnswer"
            autoComplete="off"
            required
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={working}>
            {working ? 'Verifying...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to={paths.login.getHref()} className={linkClass}>
          Back to Login
        </Link>
      </p>
    </FormCard>
  );
}
