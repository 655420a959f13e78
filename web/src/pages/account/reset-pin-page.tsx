import { useSearchParams } from 'react-router-dom';
import { returnToParam, safeReturnTo } from '../../config/paths';
import { ResetPinForm } from '../../features/account/reset-pin-form';

/** `/reset-pin`: set or reset the payment PIN; `?returnTo=` (a path on this site) is where it ends, My Account without one. */
export function ResetPinPage() {
  const [params] = useSearchParams();
  return <ResetPinForm returnTo={safeReturnTo(params.get(returnToParam))} />;
}
