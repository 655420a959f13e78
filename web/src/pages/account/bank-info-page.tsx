import { useLocation, useSearchParams } from 'react-router-dom';
import { returnToParam, safeReturnTo } from '../../config/paths';
import { BankInfoForm } from '../../features/account/bank-info-form';
import { readAccountNotice } from '../../features/account/notice';

/**
 * `/bank-info`: where the creator's payouts go. `?returnTo=` (a path on this site) is where saving
 * ends, My Account without one; a notice in the navigation state (the PIN just set) shows on arrival.
 */
export function BankInfoPage({ currency }: { currency?: 'USD' }) {
  const [params] = useSearchParams();
  const { pathname, search, state } = useLocation();
  return (
    <BankInfoForm
      currency={currency}
      returnTo={safeReturnTo(params.get(returnToParam))}
      here={`${pathname}${search}`}
      notice={readAccountNotice(state)}
    />
  );
}

/** `/dollar-account`: the seller's dollar (domiciliary) account, where a dollar contract can be paid in dollars. */
export function DollarAccountPage() {
  return <BankInfoPage currency="USD" />;
}
