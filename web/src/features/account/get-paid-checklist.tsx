import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { getAccount } from './api';
import { accountPageMessages, bankDetailsAction, pinAction } from './messages';

const messages = accountPageMessages.getPaid;

/**
 * What a seller needs before a contract can pay them: a payment PIN (it guards the release) and
 * bank details (where the payout goes). Each is marked done or links to its page, which comes back
 * to `returnTo`. Nothing shows while the account loads or when it cannot be read, nor once both
 * are done; `notice` (a step just finished, e.g. "Your payment PIN has been set.") shows regardless.
 */
export function GetPaidChecklist({ returnTo, notice }: { returnTo: string; notice?: string | null }) {
  const headingId = useId();
  const [state] = useLoad(getAccount);
  const announced = notice ? <Alert tone="success">{notice}</Alert> : null;
  if (state.status !== 'loaded') return announced;
  const { profile } = state.data;
  const hasPin = profile?.has_payment_pin ?? false;
  const hasBank = Boolean(profile?.account_number);
  if (hasPin && hasBank) return announced;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50/60 p-5 dark:border-amber-900 dark:bg-amber-950/30"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {messages.heading}
      </h2>
      {announced}
      <p className="text-sm text-gray-700 dark:text-gray-300">{messages.intro}</p>
      {/* The PIN first: saving bank details asks for it. */}
      <ol className="space-y-3">
        <Step title={messages.pin} hint={messages.pinHint} done={hasPin} to={paths.resetPin.getHref(returnTo)}>
          {pinAction(false).title}
        </Step>
        <Step title={messages.bank} hint={messages.bankHint} done={hasBank} to={paths.bankInfo.getHref(returnTo)}>
          {bankDetailsAction(false)}
        </Step>
      </ol>
    </section>
  );
}

/** One thing to do: marked done, or the link (`to`, saying `children`) to the page that does it. */
function Step({
  title,
  hint,
  done,
  to,
  children,
}: {
  title: string;
  hint: string;
  done: boolean;
  to: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-gray-600 dark:text-gray-400">{hint}</span>
      </span>
      {done ? (
        <span className="font-medium text-emerald-700 dark:text-emerald-400">
          <span aria-hidden="true">✓ </span>
          {messages.done}
        </span>
      ) : (
        <Link to={to} className={linkClass}>
          {children}
        </Link>
      )}
    </li>
  );
}
