import { useAuth } from '../../lib/auth';

export function DashboardPage() {
  const { state } = useAuth();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome</h1>
      {state.status === 'signedIn' && <p className="mt-2 text-gray-600 dark:text-gray-400">{state.user.email}</p>}
    </section>
  );
}
