import { Page } from '../../components/ui/page';
import { productName, usePageMeta } from '../../lib/use-page-meta';

export function WhoWeArePage() {
  usePageMeta('About Us', `Who we are: ${productName} is an escrow service that protects Nigerian online buyers and sellers.`);
  return (
    <Page title="About Us">
      <div className="space-y-4 text-gray-700 dark:text-gray-300">
        <p>
          {productName} is an escrow payment service for people who buy and sell online in Nigeria: vendors, freelancers, creators
          and their customers. We hold the buyer's payment until the seller has delivered, so nobody has to take the other's word
          for it.
        </p>
        <p>
          We started in 2025 after our founder lost ₦15,500 to an online seller who never delivered. That experience showed how
          much trust online trade needs, and how little protection buyers and honest sellers had.
        </p>
        <p>
          Buyers are protected from scams. Sellers no longer need to keep proving their honesty. Our mission is to serve 10,000+
          users with secure, fast payments and a customer first policy.
        </p>
      </div>
    </Page>
  );
}
