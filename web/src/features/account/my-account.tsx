import type { Profile, ProfileResponse } from '@escrow/api/identity';
import { bankName } from '@escrow/domain/banks';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { IdDetail } from '../../components/ui/copy-button';
import { Detail, Details, Loading, linkButtonClass, Page, secondaryLinkButtonClass } from '../../components/ui/page';
import { Section } from '../../components/ui/section';
import { paths } from '../../config/paths';
import { isSessionFailure } from '../../lib/api';
import { paymentPinLength } from '../../lib/constants';
import { formatDate } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { getAccount } from './api';
import { EmailPreferences } from './email-preferences';
import { accountPageMessages, bankDetailsAction, pinAction } from './messages';
import { TrustedDevices } from './trusted-devices';

export const accountTabs = ['profile', 'devices', 'notifications'] as const;
export type AccountTab = (typeof accountTabs)[number];

/** The tab a `?tab=` value names; the profile when it names none. */
export function accountTab(value: string | null): AccountTab {
  return accountTabs.find((tab) => tab === value) ?? 'profile';
}

const tabLabels: Record<AccountTab, string> = {
  profile: 'Profile Information',
  devices: 'Trusted Devices',
  notifications: 'Notifications',
};

/** A set secret is shown as dots only: the page never has the value itself. */
const masked = (length: number) => '•'.repeat(length);

/**
 * `/my-account` (spec §2 "My Account"): the profile, the trusted devices and, from the dashboard's
 * 'View all', the notifications. `notifications` is that tab's content (the notifications feature's).
 */
export function MyAccount({
  tab,
  onSelectTab,
  notice,
  notifications,
}: {
  tab: AccountTab;
  onSelectTab: (tab: AccountTab) => void;
  /** A success to announce on arrival (bank details saved, PIN reset). */
  notice: string | null;
  notifications: ReactNode;
}) {
  const id = useId();
  const panels: Record<AccountTab, ReactNode> = {
    profile: <ProfileTab />,
    devices: <TrustedDevices />,
    notifications,
  };

  return (
    <Page
      title="My Account"
      actions={
        <Link to={paths.dashboard.getHref()} className={secondaryLinkButtonClass}>
          Back to Dashboard
        </Link>
      }
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      <div role="tablist" aria-label="Account sections" className="flex flex-wrap border-b border-gray-200 dark:border-gray-800">
        {accountTabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            onClick={() => onSelectTab(key)}
            className={`px-4 py-3 font-semibold ${
              tab === key
                ? 'border-b-2 border-emerald-600 text-emerald-700 dark:text-emerald-400'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
            }`}
          >
            {tabLabels[key]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="space-y-6">
        {panels[tab]}
      </div>
    </Page>
  );
}

function ProfileTab() {
  const [state] = useLoad(getAccount);
  if (state.status === 'loading') return <Loading>{accountPageMessages.loading}</Loading>;
  if (state.status === 'failed') {
    // The user's data needs their session; without it there is nothing to show but the way back in.
    if (isSessionFailure(state.error)) return <Alert tone="error">{accountPageMessages.userDataFailed}</Alert>;
    return (
      <>
        <Alert tone="error">{accountPageMessages.accountLoadFailed}</Alert>
        <p className="text-sm text-gray-600 dark:text-gray-400">{accountPageMessages.loadFailed}</p>
      </>
    );
  }
  const account = state.data;
  const { profile } = account;
  return (
    <>
      <PersonalInformation account={account} />
      {/* Without a profile row there is nothing more to show than who the account is (spec §8). */}
      {profile && <SecurityInformation profile={profile} />}
      {profile && <BankingInformation profile={profile} />}
      <div className="flex flex-wrap gap-3">
        {/* The one bank button: without bank details it is Banking Information's own. */}
        {(!profile || profile.account_number) && (
          <Link to={paths.bankInfo.getHref()} className={linkButtonClass}>
            {bankDetailsAction(Boolean(profile?.account_number))}
          </Link>
        )}
        <Link to={paths.resetPin.getHref()} className={secondaryLinkButtonClass}>
          {pinAction(profile?.has_payment_pin ?? false).title}
        </Link>
        <Link to={paths.forgotPassword.getHref()} className={secondaryLinkButtonClass}>
          Change Password
        </Link>
      </div>
      {profile && <EmailPreferences profile={profile} />}
    </>
  );
}

function PersonalInformation({ account }: { account: ProfileResponse }) {
  const { profile } = account;
  return (
    <Section title="Personal Information">
      <Details>
        {profile && <Detail label="Full Name">{profile.full_name?.trim() || accountPageMessages.notSet}</Detail>}
        <Detail label="Email">{account.email}</Detail>
        {profile?.username && <Detail label="Username">@{profile.username}</Detail>}
        {profile?.phone_number && <Detail label="Phone Number">{profile.phone_number}</Detail>}
        <Detail label="Account Created">{formatDate(account.created_at)}</Detail>
        <IdDetail label="User ID" id={account.id} />
      </Details>
    </Section>
  );
}

function SecurityInformation({ profile }: { profile: Profile }) {
  if (!profile.has_payment_pin && !profile.security_ques && !profile.has_security_answer) return null;
  return (
    <Section title="Security Information">
      <Details>
        {profile.has_payment_pin && <Detail label="Payment PIN">{masked(paymentPinLength)}</Detail>}
        {profile.security_ques && <Detail label="Security Question">{profile.security_ques}</Detail>}
        {profile.has_security_answer && <Detail label="Security Answer">{masked(8)}</Detail>}
      </Details>
    </Section>
  );
}

function BankingInformation({ profile }: { profile: Profile }) {
  const dollarAccount = profile.foreign_accounts?.USD;
  const dollars = accountPageMessages.dollars;
  return (
    <Section title="Banking Information">
      {profile.account_number ? (
        <Details>
          <Detail label="Bank Name">{profile.bank_code ? bankName(profile.bank_code) : accountPageMessages.notSet}</Detail>
          <Detail label="Account Number">{profile.account_number}</Detail>
          <Detail label="Account Name">{profile.account_name || accountPageMessages.notSet}</Detail>
        </Details>
      ) : (
        <div className="rounded-lg border border-dashed border-gray-300 p-6 text-center dark:border-gray-700">
          <p className="text-gray-600 dark:text-gray-400">{accountPageMessages.noBankDetails}</p>
          <Link to={paths.bankInfo.getHref()} className={`${linkButtonClass} mt-3`}>
            {bankDetailsAction(false)}
          </Link>
        </div>
      )}
      {/* The dollar account is optional: a dollar contract can be paid there instead, in dollars. */}
      <h3 className="mt-4 font-semibold">{dollars.heading}</h3>
      {dollarAccount ? (
        <Details>
          <Detail label="Bank Name">{bankName(dollarAccount.bank_code)}</Detail>
          <Detail label="Account Number">{dollarAccount.account_number}</Detail>
          <Detail label="Account Name">{dollarAccount.account_name}</Detail>
          <Detail label={dollars.settlements}>
            {dollarAccount.preferred ? dollars.settlementsHere : dollars.settlementsNaira}
          </Detail>
        </Details>
      ) : (
        <p className="text-gray-600 dark:text-gray-400">{dollars.none}</p>
      )}
      <Link to={paths.dollarAccount.getHref()} className={`${secondaryLinkButtonClass} mt-3`}>
        {dollarAccount ? dollars.update : dollars.add}
      </Link>
    </Section>
  );
}
