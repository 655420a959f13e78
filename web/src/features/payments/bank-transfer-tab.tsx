import { formatAmount } from '@escrow/domain/money';
import { useCallback } from 'react';
import { Alert } from '../../components/ui/alert';
import { CopyButton } from '../../components/ui/copy-button';
import { Detail, Details, Loading } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { generateTransferAccount } from './api';
import { paymentPageMessages } from './messages';
import { usePaymentStatusPoll } from './use-payment-status-poll';

/** Bank Transfer: an account for exactly the amount due, then a check every 5 seconds until the transfer lands. */
export function BankTransferTab({ contractId }: { contractId: string }) {
  const [state] = useLoad(useCallback(() => generateTransferAccount(contractId), [contractId]));
  const account = state.status === 'loaded' ? state.data : undefined;
  const poll = usePaymentStatusPoll({ txRef: account?.txRef });

  if (state.status === 'loading') return <Loading>Generating account details...</Loading>;
  if (state.status === 'failed') {
    return <Alert tone="error">{failureMessage(state.error, paymentPageMessages.accountDetailsFailed)}</Alert>;
  }
  const { data } = state;
  return (
    <div className="space-y-4">
      <p>
        Transfer exactly <strong>{formatAmount(data.amount_minor, data.currency)}</strong> to the account below. Pay the exact
        amount in a single transfer.
      </p>
      <Details>
        <Detail label="Account number">
          <span className="inline-flex flex-wrap items-center gap-2">
            <code className="rounded bg-gray-100 px-2 py-1 text-lg font-semibold tracking-wider dark:bg-gray-800">
              {data.account_number}
            </code>
            <CopyButton text={data.account_number} />
          </span>
        </Detail>
        <Detail label="Bank name">{data.bank_name}</Detail>
        <Detail label="Amount">
          <span className="text-xl font-bold">{formatAmount(data.amount_minor, data.currency)}</span>
        </Detail>
        <Detail label="Expires">{formatDateTime(data.expires_at)}</Detail>
      </Details>
      {poll.error ? (
        <Alert tone="error">{poll.error}</Alert>
      ) : (
        <Alert tone="info">
          <span className="flex items-center gap-2">
            <Spinner className="size-4" />
            Waiting for your transfer. This page moves on by itself once it is confirmed, usually within 2-5 minutes.
          </span>
        </Alert>
      )}
    </div>
  );
}
