import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * The room the floating button needs below the page's last content on a screen wide enough to show
 * it: its 48 px, the 20 px under it and 12 px of air. The footer, last on every page, ends with it,
 * so once scrolled to the end the button covers nothing.
 */
export const helpButtonClearanceClass = 'pb-6 sm:pb-20';

/**
 * The floating "?" to Need Help, on screens from 640 px. On a phone it would sit over the text the
 * person is reading (timeline dates, fine print) whichever way they scroll, so there the footer's
 * "Need Help?" link takes its place. It is its own landmark (a complementary region named Help), so
 * a screen reader's landmark list reaches it and nothing is left outside one.
 */
export function HelpButton() {
  return (
    <aside aria-label="Help" className="fixed right-5 bottom-5 z-50 hidden sm:block">
      <Link
        to={paths.needHelp.getHref()}
        title="Need Help?"
        aria-label="Need Help?"
        className="flex size-12 items-center justify-center rounded-full bg-emerald-700 text-xl font-bold text-white shadow-lg hover:bg-emerald-800"
      >
        <span aria-hidden="true">?</span>
      </Link>
    </aside>
  );
}
