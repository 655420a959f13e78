import { Link } from 'react-router-dom';
import { linkButtonClass, Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { productName, usePageMeta } from '../../lib/use-page-meta';

const steps = [
  {
    title: 'The seller creates a contract',
    text: 'The seller describes what will be delivered, sets the price and shares the contract with the buyer.',
  },
  {
    title: 'The buyer pays into escrow',
    text: `The buyer accepts the contract and pays by bank transfer, card or OPay. ${productName} holds the money safely.`,
  },
  {
    title: 'The seller delivers',
    text: 'The seller delivers the goods or service. Once satisfied, the buyer marks the contract as completed.',
  },
  {
    title: 'The seller is paid',
    text: 'The seller asks for release of the funds and receives them in their bank account, minus the platform fee.',
  },
] as const;

export function HowItWorksPage() {
  usePageMeta('How It Works', `Four steps from contract to payment: how ${productName} keeps buyers and sellers safe.`);
  return (
    <Page title="How It Works">
      <ol className="space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-lg border border-gray-200 p-5 dark:border-gray-800">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h2 className="text-lg font-semibold">{step.title}</h2>
              <p className="mt-1 text-gray-700 dark:text-gray-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Link to={paths.signup.getHref()} className={linkButtonClass}>
        Get Started
      </Link>
    </Page>
  );
}
