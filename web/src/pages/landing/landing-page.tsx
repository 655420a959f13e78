import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function LandingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4">
      <div className="flex justify-end gap-3 py-4 text-sm font-medium">
        <Link to={paths.login.getHref()} className="rounded-md px-4 py-2 hover:bg-gray-100 dark:hover:bg-gray-800">
          Login
        </Link>
        <Link to={paths.signup.getHref()} className="rounded-md bg-emerald-600 px-4 py-2 text-white hover:bg-emerald-700">
          Sign Up
        </Link>
      </div>
      <section className="flex flex-col items-center gap-8 py-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Welcome To <span className="text-emerald-600 dark:text-emerald-400">MiddleMan</span>
        </h1>
        <Link
          to={paths.signup.getHref()}
          className="rounded-lg bg-emerald-600 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-emerald-700"
        >
          Get Started
        </Link>
      </section>
    </div>
  );
}
