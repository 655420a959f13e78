import { linkButtonClass, secondaryLinkButtonClass } from '../../components/ui/page';
import { useConfig } from '../../lib/config';
import { mailtoHref, type SupportMessage, whatsappHref } from './messages';

/** The two ways to send a message: the person's mail app, and WhatsApp when the stage has a number. */
export function SendLinks({ message, whatsappLabel = 'Send on WhatsApp' }: { message: SupportMessage; whatsappLabel?: string }) {
  const { support } = useConfig();
  return (
    <div className="flex flex-wrap gap-3">
      <a className={secondaryLinkButtonClass} href={mailtoHref(support.email, message)}>
        Send by email
      </a>
      {support.whatsapp && (
        <a className={linkButtonClass} href={whatsappHref(support.whatsapp, message)} target="_blank" rel="noopener noreferrer">
          {whatsappLabel}
        </a>
      )}
    </div>
  );
}
