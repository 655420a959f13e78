import { type Currency, formatAmount } from '@escrow/domain/money';
import { ShareLink } from '../../components/share-link';
import { paths } from '../../config/paths';

/** A template's share link: the Use Template page with the template already looked up. */
export function templateShareLink(templateId: string): string {
  return `${window.location.origin}${paths.useTemplate.getHref(templateId)}`;
}

/** What a template's share link names. */
export interface SharedTemplate {
  id: string;
  title: string;
  base_price_minor: number;
  currency: Currency;
}

/** How a seller hands a template to buyers: its link, to copy or to send on WhatsApp with a line saying what it is. */
export function ShareTemplate({ template }: { template: SharedTemplate }) {
  const link = templateShareLink(template.id);
  const message = `Here is my MiddleMan escrow offer "${template.title}" (${formatAmount(template.base_price_minor, template.currency)} each). Choose how many and pay into escrow here: ${link}`;
  return <ShareLink link={link} message={message} />;
}
