import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

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
