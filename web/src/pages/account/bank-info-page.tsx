import { BankInfoForm } from '../../features/account/bank-info-form';

/** `/bank-info`: where the creator's payouts go. */
export function BankInfoPage() {
  return <BankInfoForm />;
}
