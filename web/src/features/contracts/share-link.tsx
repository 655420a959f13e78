import { formatAmount } from '@escrow/domain/money';
import { CopyButton } from '../../components/ui/copy-button';
import { secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';

/** The contract's share link: the address that opens the deal for its buyer after sign-in or sign-up. */
export function contractShareLink(contractId: string): string {
  return `${window.location.origin}${paths.contract.getHref(contractId)}`;
}

/**
 * How a seller hands a contract to the buyer: its link, to copy or to send on WhatsApp with a
 * line saying what it is (WhatsApp's own share address, no number: the seller picks the chat).
 */
export function ShareContract({
  contract,
}: {
  contract: { id: string; title: string; value_minor: number; currency: Parameters<typeof formatAmount>[1] };
}) {
  const link = contractShareLink(contract.id);
  const message = `Here is our MiddleMan escrow contract "${contract.title}" (${formatAmount(contract.value_minor, contract.currency)}). Pay into escrow here: ${link}`;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Share link</p>
      <p
        className="break-all rounded-md bg-gray-100 px-3 py-2 font-mono text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100"
        data-testid="share-link"
      >
        {link}
      </p>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={link} label="Copy link" />
        <a
          href={`https://wa.me/?${new URLSearchParams({ text: message })}`}
          target="_blank"
          rel="noopener noreferrer"
          className={secondaryLinkButtonClass}
        >
          Share on WhatsApp
        </a>
      </div>
    </div>
  );
}
