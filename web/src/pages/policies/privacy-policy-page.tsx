import { Page } from '../../components/ui/page';
import { productName, usePageMeta } from '../../lib/use-page-meta';

export function PrivacyPolicyPage() {
  usePageMeta('Privacy Policy', `How ${productName} collects, uses and protects your personal information.`);
  return (
    <Page title="Privacy Policy">
      <div className="space-y-4 text-gray-700 dark:text-gray-300">
        <h2 className="text-xl font-semibold text-gray-900 dark:text-gray-100">What we collect</h2>
        <p>
          Your name, email address, phone number, security question, bank account details for payouts, the contracts you create or
          accept, and information about the devices you sign in from.
        </p>
        <h2 className="text-xl font-semibold text-gray-900 dark:text-gray-100">Why we collect it</h2>
        <p>
          To run your account, hold and release payments, protect your account from unknown devices, and reply when you contact
          us. We do not sell your information.
        </p>
        <h2 className="text-xl font-semibold text-gray-900 dark:text-gray-100">Payments</h2>
        <p>
          Card, bank transfer and OPay payments are handled by our payment provider. {productName} never sees or stores your card
          details.
        </p>
        <h2 className="text-xl font-semibold text-gray-900 dark:text-gray-100">Your choices</h2>
        <p>
          You can update your details and remove trusted devices from My Account at any time, and contact us to ask for a copy of
          your information or for your account to be closed.
        </p>
      </div>
    </Page>
  );
}
