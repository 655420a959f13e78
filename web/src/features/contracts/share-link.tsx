import { formatAmount } from '@escrow/domain/money';
import { ShareLink } from '../../components/share-link';
import { paths } from '../../config/paths';

/** The contract's share link: the address that opens the deal for its buyer after sign-in or sign-up. */
export function contractShareLink(contractId: string): string {
  return `${window.location.origin}${paths.contract.getHref(contractId)}`;
}

/** How a seller hands a contract to the buyer: its link, to copy or to send on WhatsApp with a line saying what it is. */
export function ShareContract({
  contract,
}: {
  contract: { id: string; title: string; value_minor: number; currency: Parameters<typeof formatAmount>[1] };
}) {
  const link = contractShareLink(contract.id);
  const message = `Here is our MiddleMan escrow contract "${contract.title}" (${formatAmount(contract.value_minor, contract.currency)}). Pay into escrow here: ${link}`;
  return <ShareLink link={link} message={message} />;
}
