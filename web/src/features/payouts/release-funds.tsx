import { pinMessages } from '@escrow/api/account';
import type { ContractView } from '@escrow/api/contracts';
import { type PayoutView, releaseFundsRequestSchema } from '@escrow/api/payouts';
import { bankName, maskAccountNumber } from '@escrow/domain/banks';
import {
  type Conversion,
  conversionMessages,
  describeRate,
  isConverted,
  nairaCurrency,
  ownCurrencyMessages,
  type PayoutDestination,
} from '@escrow/domain/conversion';
import { type Currency, formatAmount, platformFeeBasisPoints } from '@escrow/domain/money';
import { useCallback } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PinField } from '../../components/pin-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading, linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { useLoad } from '../../lib/use-load';
import { useSubmit } from '../../lib/use-submit';
import { getContractAnalytics, releaseFunds } from './api';
import { payoutPageMessages } from './messages';

/** What a page does once the release was asked for: the server's message and the contract as it now is (releasing). */
export type OnReleased = (message: string, contract: ContractView) => void;

/** Whether the payout has somewhere to go: the bank details on file (or those the release used). */
export const hasBankDetails = (payout: Pick<PayoutView, 'bank_code' | 'account_number'>) =>
  Boolean(payout.bank_code && payout.account_number);

/** "Access Bank · ******0032 · ADA OBI". */
export function bankLine(payout: Pick<PayoutView, 'bank_code' | 'account_number' | 'account_name'>): string {
  const parts = [bankName(payout.bank_code ?? ''), maskAccountNumber(payout.account_number ?? '')];
  if (payout.account_name) parts.push(payout.account_name);
  return parts.join(' · ');
}

/** "Ifeoma Obi at Access Bank ******0039": an account as the release's choice names it. */
export function accountAtBank(account: { bank_code: string; account_number: string; account_name: string }): string {
  return `${account.account_name} at ${bankName(account.bank_code)} ${maskAccountNumber(account.account_number)}`;
}

/**
 * A dollar contract's other destination, offered beside the naira account when the seller has a
 * dollar account on file: the payout in dollars, unconverted.
 */
export interface OwnCurrencyOption {
  currency: Currency;
  payoutMinor: number;
  account: { bank_code: string; account_number: string; account_name: string };
}

/** The dollar account the seller may choose at the release, or undefined when none is on file (or the contract is not in dollars). */
export function ownCurrencyOption(
  contract: Pick<ContractView, 'currency'>,
  payout: Pick<PayoutView, 'payout_minor' | 'own_currency_account'>,
): OwnCurrencyOption | undefined {
  const account = payout.own_currency_account;
  return account ? { currency: contract.currency, payoutMinor: payout.payout_minor, account } : undefined;
}

/** No bank details on file: nothing can be released until they are added; `returnTo` is where the bank page sends them back. */
export function NoBankDetails({ returnTo }: { returnTo: string }) {
  return (
    <Alert tone="warning">
      {payoutPageMessages.noBankDetails}{' '}
      <Link to={paths.bankInfo.getHref(returnTo)} className={linkClass}>
        Add Bank Information
      </Link>
    </Alert>
  );
}

/**
 * A payout converted to naira as the page shows it before the release: the provider's rate now,
 * which the release sends as the one the seller confirms, and how the page reads the figures again.
 */
export interface NairaQuote {
  /** The contract's currency: the payout is held, released and charged its fee in it. */
  currency: Currency;
  payoutMinor: number;
  conversion: Pick<Conversion, 'rate' | 'amount_minor'>;
  /** Reads the page's figures again (a new rate), keeping the form where it is. */
  reload: () => Promise<void>;
}

/**
 * The quote of a contract's planned payout: undefined for a naira contract (nothing converted),
 * null when its rate cannot be read right now (nothing can be confirmed, so nothing released).
 */
export function nairaQuote(
  contract: Pick<ContractView, 'currency'>,
  payout: Pick<PayoutView, 'payout_minor' | 'conversion'>,
  reload: () => Promise<void>,
): NairaQuote | null | undefined {
  if (!isConverted(contract.currency)) return undefined;
  if (!payout.conversion) return null;
  return { currency: contract.currency, payoutMinor: payout.payout_minor, conversion: payout.conversion, reload };
}

/** "$980.00 at ₦1,500.00 per $1 is ₦1,470,000.00, paid to your naira account." */
function convertedLine(quote: NairaQuote): string {
  return conversionMessages.converted(
    formatAmount(quote.payoutMinor, quote.currency),
    describeRate(quote.conversion.rate, quote.currency),
    formatAmount(quote.conversion.amount_minor, nairaCurrency),
  );
}

/**
 * Whether a refused release was about the rate the seller confirmed: it moved beyond the tolerance
 * since it was shown (or none was sent). The page then shows the new figures to confirm.
 */
export function isRateRefusal(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.code === 'rate_moved' || failure.code === 'rate_required');
}

/** The rate of a contract in another currency cannot be read now: no release, and a way to read it again. */
export function RateUnavailable({ onRetry }: { onRetry: () => Promise<void> }) {
  const retry = useSubmit(payoutPageMessages.loadFailed);
  return (
    <div className="max-w-sm space-y-4">
      <Alert tone="warning">{payoutPageMessages.rateUnavailable}</Alert>
      {retry.error && <Alert tone="error">{retry.error}</Alert>}
      <Button type="button" disabled={retry.working} onClick={() => void retry.run(onRetry)}>
        {retry.working ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}

/**
 * The refusal of a release that is about the PIN typed (400: wrong; 429: too many wrong tries),
 * told under the PIN box where it was typed; null for any other refusal. The session stays: a
 * wrong PIN is never a 401.
 */
export function pinRefusal(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || !failure.fromServer) return null;
  return failure.status === 400 || failure.status === 429 ? failure.message : null;
}

/**
 * The payment PIN and Release Funds, the one release form of the analytics page and the seller's
 * contract page: it sends only the contract and the PIN (`release-funds`). A wrong PIN is told
 * under the box, which is emptied and focused for the next try; no PIN set yet leads to setting
 * one, and back to `returnTo`. A payout converted to naira (`quote`) is shown in naira with its
 * rate before the PIN, and released at that rate; when the server says the rate moved since, the
 * figures are read again and the PIN box emptied, so the next try confirms the new rate.
 */
export function ReleaseForm({
  contractId,
  returnTo,
  onReleased,
  intro = 'The buyer is satisfied. Enter your payment PIN to send the payout to your bank account.',
  heading = true,
  quote,
  own,
}: {
  contractId: string;
  returnTo: string;
  onReleased: OnReleased;
  intro?: string;
  /** False where the page already says what this is for (the contract page's "Your turn" line). */
  heading?: boolean;
  quote?: NairaQuote;
  /** The seller's dollar account, a second place the payout may go: the form then asks which (naira first). */
  own?: OwnCurrencyOption;
}) {
  const form = useApiForm(releaseFundsRequestSchema, {
    fallback: payoutPageMessages.releaseFailed,
    // Naira first; the dollar account when the naira cannot be quoted now (the rate unreadable).
    defaultValues: { contractId, pin: '', payTo: own && !quote ? 'own_currency' : 'naira' },
  });
  const payTo: PayoutDestination = own ? (form.watch('payTo') ?? 'naira') : 'naira';
  // The rate is confirmed only for a payout converted to naira; the dollar account takes the dollars as they are.
  const naira = payTo === 'naira' ? quote : undefined;
  const release = form.submit(
    async ({ pin }) => {
      try {
        return await releaseFunds(contractId, pin, naira?.conversion.rate, own ? payTo : undefined);
      } catch (failure) {
        if (quote && isRateRefusal(failure)) {
          form.setValue('pin', '');
          // The new figures before the server's words, and the button busy meanwhile, so the next try
          // sends the new rate. A reload that fails leaves the old one: that try is refused and reloads again.
          await quote.reload().catch(() => undefined);
          throw failure;
        }
        const refusal = pinRefusal(failure);
        if (!refusal) throw failure;
        form.setValue('pin', '');
        form.setError('pin', { type: 'server', message: refusal }, { shouldFocus: true });
        return undefined;
      }
    },
    (reply) => reply && onReleased(reply.message, reply.contract),
  );

  return (
    <form noValidate onSubmit={release} className="max-w-sm space-y-4">
      {heading && <h2 className="text-xl font-semibold">Release Funds</h2>}
      <p className="text-sm text-gray-600 dark:text-gray-400">{intro}</p>
      {own ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium">{payoutPageMessages.chooseDestination}</legend>
          <label className="flex items-start gap-2">
            <input type="radio" value="naira" disabled={!quote} {...form.register('payTo')} className="mt-1" />
            <span>{quote ? convertedLine(quote) : payoutPageMessages.rateUnavailable}</span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" value="own_currency" {...form.register('payTo')} className="mt-1" />
            <span>{ownCurrencyMessages.toAccount(formatAmount(own.payoutMinor, own.currency), accountAtBank(own.account))}</span>
          </label>
        </fieldset>
      ) : (
        quote && <p>{convertedLine(quote)}</p>
      )}
      {naira && <p className="text-sm text-gray-600 dark:text-gray-400">{payoutPageMessages.rateNotice}</p>}
      {/* A controlled box: PinField keeps digits only, so it hands over the PIN, not the keystroke. */}
      <Controller
        control={form.control}
        name="pin"
        render={({ field }) => <PinField {...field} error={form.fieldError('pin')} />}
      />
      {form.error && (
        <Alert tone="error">
          {form.error}
          {form.error === pinMessages.notSet && (
            <>
              {' '}
              <Link to={paths.resetPin.getHref(returnTo)} className={linkClass}>
                Set Payment PIN
              </Link>
            </>
          )}
        </Alert>
      )}
      <Button type="submit" disabled={form.working}>
        {form.working ? 'Releasing...' : 'Release Funds'}
      </Button>
    </form>
  );
}

/**
 * The release on the seller's contract page, beside "Your turn: release the funds": what they
 * receive after the fee and which account it goes to (the payout the analytics page plans), then
 * the PIN. Without bank details on file, the way to add them, and back to the contract.
 */
export function ReleaseFunds({ contract, onReleased }: { contract: ContractView; onReleased: OnReleased }) {
  const load = useCallback(() => getContractAnalytics(contract.id), [contract.id]);
  const [state, setData] = useLoad(load);
  // Replaces the figures without a loading state, so the form (and the server's words in it) stays.
  const reload = useCallback(async () => setData(await load()), [load, setData]);
  const here = paths.myContractDetails.getHref(contract.id);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <Alert tone="error">{failureMessage(state.error, payoutPageMessages.loadFailed)}</Alert>;
  const { payout } = state.data;
  if (!hasBankDetails(payout)) return <NoBankDetails returnTo={here} />;
  const quote = nairaQuote(contract, payout, reload);
  const own = ownCurrencyOption(contract, payout);
  // Without a rate nothing can go to naira; the dollar account needs none.
  if (quote === null && !own) return <RateUnavailable onRetry={reload} />;
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  return (
    <ReleaseForm
      contractId={contract.id}
      returnTo={here}
      onReleased={onReleased}
      heading={false}
      quote={quote ?? undefined}
      own={own}
      intro={`You receive ${amount(payout.payout_minor)} (${amount(payout.released_minor)} less the ${platformFeeBasisPoints / 100}% fee)${own ? '' : `, paid to ${bankLine(payout)}`}. Enter your payment PIN to release it.`}
    />
  );
}
