import { formatAmount, minorPerMajorOf, payoutAfterFee, platformFee } from '@escrow/domain/money';
import { Detail, Details, Page } from '../../components/ui/page';
import { productName, usePageMeta } from '../../lib/use-page-meta';

/** The worked example: a ₦50,000.00 contract, fee and payout computed as the server computes them. */
const exampleMinor = 50_000 * minorPerMajorOf('NGN');

export function PricingPage() {
  usePageMeta(
    'Pricing',
    `${productName} charges a flat 2% fee, only when a contract is completed. No sign-up fee, no subscription.`,
  );
  return (
    <Page title="Pricing">
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950/40">
        <p className="text-4xl font-bold text-emerald-700 dark:text-emerald-400">2%</p>
        <p className="mt-2 text-lg">A flat fee on the contract value, charged only on successful completion.</p>
      </div>
      <ul className="list-disc space-y-2 pl-6 text-gray-700 dark:text-gray-300">
        <li>No sign-up fee.</li>
        <li>No subscription.</li>
        <li>Nothing to pay if the contract is not completed.</li>
      </ul>
      <section aria-labelledby="pricing-example" className="space-y-3">
        <h2 id="pricing-example" className="text-xl font-semibold">
          Example
        </h2>
        <Details>
          <Detail label="Contract value">{formatAmount(exampleMinor, 'NGN')}</Detail>
          <Detail label="Platform fee (2%)">{formatAmount(platformFee(exampleMinor), 'NGN')}</Detail>
          <Detail label="The seller receives">{formatAmount(payoutAfterFee(exampleMinor), 'NGN')}</Detail>
        </Details>
      </section>
    </Page>
  );
}
