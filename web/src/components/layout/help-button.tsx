import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * The room the floating button needs below the page's last content: its 48 px, the 20 px under it
 * and 12 px of air. The footer, last on every page, ends with it, so once scrolled to the end the
 * button covers nothing, whatever the page or the width of the screen.
 */
export const helpButtonClearanceClass = 'pb-20';

export function HelpButton() {
  return (
    <Link
      to={paths.needHelp.getHref()}
      title="Need Help?"
      aria-label="Need Help?"
      className="fixed right-5 bottom-5 z-50 flex size-12 items-center justify-center rounded-full bg-emerald-700 text-xl font-bold text-white shadow-lg hover:bg-emerald-800"
    >
      <span aria-hidden="true">?</span>
    </Link>
  );
}
