import { NeedHelp } from '../../features/support/support-area';
import { productName, usePageMeta } from '../../lib/use-page-meta';

/** `/need-help`: public, so a person who cannot sign in can still reach support. */
export function NeedHelpPage() {
  usePageMeta('Need Help?', `Reach ${productName} support by email or WhatsApp about your account, a contract or a payment.`);
  return <NeedHelp />;
}
