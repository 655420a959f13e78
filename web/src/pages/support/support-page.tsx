import { Support } from '../../features/support/support-area';

/** `/support`: signed in (the dashboard's Support tile). */
export function SupportPage() {
  return <Support />;
}
