import { CopyButton } from './ui/copy-button';
import { secondaryLinkButtonClass } from './ui/page';

/**
 * How a seller hands an offer (a contract, a template) to a buyer: its `link` to read and copy,
 * or to send on WhatsApp with `message`, a line saying what it is (WhatsApp's own share address,
 * no number: the seller picks the chat).
 */
export function ShareLink({ link, message }: { link: string; message: string }) {
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
