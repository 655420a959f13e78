import { NeedHelp } from '../../features/support/support-area';

/** `/need-help`: public, so a person who cannot sign in can still reach support. */
export function NeedHelpPage() {
  return <NeedHelp />;
}
