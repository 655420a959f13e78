import { Page } from '../../components/ui/page';
import { productName, usePageMeta } from '../../lib/use-page-meta';

export function TermsOfServicePage() {
  usePageMeta('Terms of Service', `The terms that apply when you buy or sell through ${productName}.`);
  return (
    <Page title="Terms of Service">
      <div className="space-y-4 text-gray-700 dark:text-gray-300">
        <p>By creating an account or using {productName} you agree to these terms.</p>
        <ol className="list-decimal space-y-3 pl-6">
          <li>You must give true details about yourself and keep your password, security answer and PIN private.</li>
          <li>A seller must describe exactly what will be delivered and must be allowed to sell it.</li>
          <li>
            A buyer's payment is held in escrow until the buyer marks the contract as completed. Only then can the seller ask for
            the funds to be released.
          </li>
          <li>A flat 2% platform fee is deducted from the funds when they are released to the seller.</li>
          <li>Disagreements between buyer and seller can be raised with our support team, who review each case.</li>
          <li>We may suspend accounts used for fraud or for anything the law does not allow.</li>
        </ol>
      </div>
    </Page>
  );
}
