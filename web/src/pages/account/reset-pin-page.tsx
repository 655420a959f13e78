import { ResetPinForm } from '../../features/account/reset-pin-form';

/** `/reset-pin`: set or reset the payment PIN. */
export function ResetPinPage() {
  return <ResetPinForm />;
}
