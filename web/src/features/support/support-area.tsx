import { type ReactNode, Suspense } from 'react';
import { ClientOnly } from '../../components/client-only';
import { Page } from '../../components/ui/page';
import { useAuth } from '../../lib/auth';
import { DisputeForm, FeedbackForm } from './feedback-and-dispute';
import { SupportChannels } from './support-channels';
import { SupportRequest } from './support-request';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-gray-200 p-6 dark:border-gray-800">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The public help page (`/need-help`): a support request, and the hours and channels. */
export function NeedHelp() {
  return (
    <Page title="Need Help?">
      {/* The channels are the stage's: the pre-rendered page leaves them to the browser. */}
      <ClientOnly>
        <Suspense fallback={null}>
          <SupportChannels />
        </Suspense>
      </ClientOnly>
      <Section title="Contact support">
        <SupportRequest />
      </Section>
    </Page>
  );
}

/** The signed-in support page (`/support`): a support request, feedback and a dispute, all naming the user. */
export function Support() {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.sub : '';
  return (
    <Page title="Support">
      <SupportChannels />
      <Section title="Contact support">
        <SupportRequest />
      </Section>
      <Section title="Send feedback">
        <FeedbackForm userId={userId} />
      </Section>
      <Section title="Open a dispute">
        <DisputeForm userId={userId} />
      </Section>
    </Page>
  );
}
