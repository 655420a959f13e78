import { pinMessages } from '@escrow/api/account';
import type { ContractView } from '@escrow/api/contracts';
import { type PayoutView, releaseFundsRequestSchema } from '@escrow/api/payouts';
import { bankName, maskAccountNumber } from '@escrow/domain/banks';
import { formatAmount, platformFeeBasisPoints } from '@escrow/domain/money';
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
 * The refusal of a release that is about the PIN typed (400: wrong; 429: too many wrong tries),
 * told under the PIN box where it was typed; null for any other refusal. The session stays: a
 * wrong PIN is never a 401.
 */
function pinRefusal(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || !failure.fromServer) return null;
  return failure.status === 400 || failure.status === 429 ? failure.message : null;
}

/**
 * The payment PIN and Release Funds, the one release form of the analytics page and the seller's
 * contract page: it sends only the contract and the PIN (`release-funds`). A wrong PIN is told
 * under the box, which is emptied and focused for the next try; no PIN set yet leads to setting
 * one, and back to `returnTo`.
 */
export function ReleaseForm({
  contractId,
  returnTo,
  onReleased,
  intro = 'The buyer is satisfied. Enter your payment PIN to send the payout to your bank account.',
  heading = true,
}: {
  contractId: string;
  returnTo: string;
  onReleased: OnReleased;
  intro?: string;
  /** False where the page already says what this is for (the contract page's "Your turn" line). */
  heading?: boolean;
}) {
  const form = useApiForm(releaseFundsRequestSchema, {
    fallback: payoutPageMessages.releaseFailed,
    defaultValues: { contractId, pin: '' },
  });
  const release = form.submit(
    async ({ pin }) => {
      try {
        return await releaseFunds(contractId, pin);
      } catch (failure) {
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
  const [state] = useLoad(useCallback(() => getContractAnalytics(contract.id), [contract.id]));
  const here = paths.myContractDetails.getHref(contract.id);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <Alert tone="error">{failureMessage(state.error, payoutPageMessages.loadFailed)}</Alert>;
  const { payout } = state.data;
  if (!hasBankDetails(payout)) return <NoBankDetails returnTo={here} />;
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  return (
    <ReleaseForm
      contractId={contract.id}
      returnTo={here}
      onReleased={onReleased}
      heading={false}
      intro={`You receive ${amount(payout.payout_minor)} (${amount(payout.released_minor)} less the ${platformFeeBasisPoints / 100}% fee), paid to ${bankLine(payout)}. Enter your payment PIN to release it.`}
    />
  );
}
