import type { ContractView } from '@escrow/api/contracts';
import { confirmPayoutRateRequestSchema, type PayoutView } from '@escrow/api/payouts';
import { conversionMessages, describeRate, nairaCurrency } from '@escrow/domain/conversion';
import { formatAmount } from '@escrow/domain/money';
import { useCallback, useState } from 'react';
import { Controller } from 'react-hook-form';
import { PinField } from '../../components/pin-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useApiForm } from '../../lib/form';
import { useLoad } from '../../lib/use-load';
import { confirmPayoutRate, getContractAnalytics } from './api';
import { payoutPageMessages } from './messages';
import { isRateRefusal, pinRefusal, RateUnavailable } from './release-funds';

/**
 * On the seller's contract page while the payout is under way: when its rate fell more than the
 * tolerance below the one they confirmed before the transfer was made, the payout waits for them
 * (services/payouts/transfer.ts). This shows the rate they confirmed, the new conversion at the
 * provider's rate now, and the PIN to confirm it (`confirm-payout-rate`); nothing otherwise.
 */
export function ConfirmPayoutRate({ contract }: { contract: ContractView }) {
  const load = useCallback(() => getContractAnalytics(contract.id), [contract.id]);
  const [state, setData] = useLoad(load);
  const reload = useCallback(async () => setData(await load()), [load, setData]);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  if (confirmed) return <Alert tone="success">{confirmed}</Alert>;
  // Not waiting (or not readable now): the page's status says where the payout stands.
  if (state.status !== 'loaded' || state.data.payout.waiting_for !== 'rate') return null;
  const { payout } = state.data;
  if (!payout.conversion) return <RateUnavailable onRetry={reload} />;
  return (
    <RateForm contract={contract} payout={payout} conversion={payout.conversion} reload={reload} onConfirmed={setConfirmed} />
  );
}

function RateForm({
  contract,
  payout,
  conversion,
  reload,
  onConfirmed,
}: {
  contract: ContractView;
  payout: PayoutView;
  conversion: NonNullable<PayoutView['conversion']>;
  reload: () => Promise<void>;
  onConfirmed: (message: string) => void;
}) {
  const currency = contract.currency;
  const form = useApiForm(confirmPayoutRateRequestSchema, {
    fallback: payoutPageMessages.confirmRateFailed,
    defaultValues: { contractId: contract.id, pin: '', rate: conversion.rate },
  });
  const confirm = form.submit(
    async ({ pin }) => {
      try {
        return await confirmPayoutRate(contract.id, pin, conversion.rate);
      } catch (failure) {
        if (isRateRefusal(failure)) {
          // It moved again: the newest figures before the server's words, so the next try confirms those.
          form.setValue('pin', '');
          await reload().catch(() => undefined);
          throw failure;
        }
        const refusal = pinRefusal(failure);
        if (!refusal) throw failure;
        form.setValue('pin', '');
        form.setError('pin', { type: 'server', message: refusal }, { shouldFocus: true });
        return undefined;
      }
    },
    (reply) => reply && onConfirmed(reply.message),
  );
  return (
    <form noValidate onSubmit={confirm} className="max-w-sm space-y-4">
      <h2 className="text-xl font-semibold">Confirm the new exchange rate</h2>
      {payout.confirmed_rate !== undefined && (
        <Alert tone="warning">
          {payoutPageMessages.rateMovedBeforeTransfer(
            describeRate(payout.confirmed_rate, currency),
            describeRate(conversion.rate, currency),
          )}
        </Alert>
      )}
      <p>
        {conversionMessages.converted(
          formatAmount(payout.payout_minor, currency),
          describeRate(conversion.rate, currency),
          formatAmount(conversion.amount_minor, nairaCurrency),
        )}
      </p>
      <Controller
        control={form.control}
        name="pin"
        render={({ field }) => <PinField {...field} error={form.fieldError('pin')} />}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <Button type="submit" disabled={form.working}>
        {form.working ? 'Confirming...' : 'Confirm New Rate'}
      </Button>
    </form>
  );
}
