import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { RegisterDevice, readRegisterDeviceState } from '../../features/auth/register-device';

/** Reached from login when the device is new; without the login's state there is nothing to register. */
export function RegisterDevicePage() {
  const state = readRegisterDeviceState(useLocation().state);
  if (!state) return <Navigate to={paths.login.getHref()} replace />;
  return <RegisterDevice state={state} />;
}
