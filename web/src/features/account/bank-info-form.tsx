import { accountNumberInput, accountNumberLength } from '@escrow/domain/banks';
import { ownCurrencyMessages } from '@escrow/domain/conversion';
import { useCallback } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PinField } from '../../components/pin-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useApiForm } from '../../lib/form';
import { useLoad } from '../../lib/use-load';
import { getAccount, listBanks, saveBankInfo } from './api';
import { bankInfoFormSchema } from './bank-info-schema';
import { BankPicker } from './bank-picker';
import { uniqueBanks } from './banks';
import { accountPageMessages } from './messages';
import { accountNotice } from './notice';
import { useAccountName } from './use-account-name';

const messages = accountPageMessages.bank;

/**
 * Spec §2 "Bank info": pick the bank, type the account number, and the provider names the account
 * when the box loses focus. Saving needs that name (the server resolves it again itself) and the
 * payment PIN, which guards bank changes. Finishes at `returnTo` (My Account unless the page was
 * opened from elsewhere); `here` is this page's own address, for the way to set a PIN and back;
 * `notice` is what the page arrived with (the PIN just set).
 */
export function BankInfoForm({
  returnTo = paths.myAccount.getHref(),
  here = paths.bankInfo.getHref(),
  notice = null,
  currency,
}: {
  returnTo?: string;
  here?: string;
  notice?: string | null;
  /** `USD`: the dollar (domiciliary) account instead of the naira one, with where dollar settlements go. */
  currency?: 'USD';
}) {
  const dollars = currency === 'USD';
  const navigate = useNavigate();
  const [banks] = useLoad(useCallback(async () => uniqueBanks(await listBanks()), []));
  const [account] = useLoad(getAccount);
  const accountName = useAccountName();
  const form = useApiForm(bankInfoFormSchema, {
    fallback: messages.saveFailed,
    defaultValues: { bank_code: '', account_number: '', pin: '', ...(dollars ? { currency, preferred: false } : {}) },
  });

  /**
   * A new bank or number: the resolved name, and any refusal of the old details, no longer hold; a
   * box already refused is checked again as it changes, so its refusal goes once it is put right.
   */
  function detailsChanged(field: 'bank_code' | 'account_number') {
    accountName.changed();
    form.refuse(null);
    if (form.getFieldState(field).error) void form.trigger(field);
  }

  /** Leaving the number box: the provider names the account, once the boxes hold what it needs (spec §4). */
  async function verifyAccount() {
    const ready = await form.trigger(['bank_code', 'account_number'], { shouldFocus: false });
    if (ready) await accountName.verify(form.getValues('bank_code'), form.getValues('account_number'));
  }

  // The fields' own checks come first; then saving needs the provider's name for them (spec §5).
  const save = form.submit(
    async (request) => {
      if (!accountName.name) {
        accountName.warn(messages.verifyFirst);
        return false;
      }
      await saveBankInfo(request);
      return true;
    },
    (saved) =>
      saved && navigate(returnTo, { state: accountNotice(dollars ? accountPageMessages.dollars.saved : messages.saved) }),
  );

  const pinMissing = account.status === 'loaded' && !account.data.profile?.has_payment_pin;

  return (
    <FormCard
      title={dollars ? accountPageMessages.dollars.title : 'Enter Bank Details'}
      subtitle={
        dollars ? accountPageMessages.dollars.subtitle : 'Where the funds of your contracts are paid when you release them.'
      }
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      {dollars && <p className="text-sm text-gray-600 dark:text-gray-400">{ownCurrencyMessages.onlyUsd}</p>}
      {banks.status === 'failed' && <Alert tone="error">{messages.banksUnavailable}</Alert>}
      <form noValidate onSubmit={save} className="space-y-4">
        <Controller
          control={form.control}
          name="bank_code"
          render={({ field, fieldState: { error } }) => (
            <BankPicker
              {...field}
              banks={banks.status === 'loaded' ? banks.data : undefined}
              loading={banks.status === 'loading'}
              error={error?.message}
              onChange={(code) => {
                field.onChange(code);
                detailsChanged('bank_code');
              }}
            />
          )}
        />
        {/* No maxLength: a number pasted with spaces or dashes would be cut before they are stripped. */}
        <Controller
          control={form.control}
          name="account_number"
          render={({ field, fieldState: { error } }) => (
            <TextField
              {...field}
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]*"
              error={error?.message}
              onChange={(event) => {
                const next = accountNumberInput(event.target.value);
                if (next === field.value) return;
                field.onChange(next);
                detailsChanged('account_number');
              }}
              onBlur={() => {
                field.onBlur();
                void verifyAccount();
              }}
              // The refusal says how many digits: the hint would say it twice.
              hint={!error && <span className="text-gray-600 dark:text-gray-400">{accountNumberLength} digits</span>}
            />
          )}
        />
        <TextField
          label="Account name"
          name="accountName"
          readOnly
          value={accountName.verifying ? 'Verifying account...' : accountName.name}
          placeholder="Verified when you leave the account number box"
        />
        <Controller
          control={form.control}
          name="pin"
          render={({ field, fieldState: { error } }) => (
            <PinField
              {...field}
              error={error?.message}
              hint={
                pinMissing && (
                  <span className="text-gray-700 dark:text-gray-300">
                    You have not set a payment PIN yet.{' '}
                    <Link to={paths.resetPin.getHref(here)} className={linkClass}>
                      Set your payment PIN
                    </Link>{' '}
                    first.
                  </span>
                )
              }
            />
          )}
        />
        {dollars && (
          <label className="flex items-start gap-2">
            <input type="checkbox" {...form.register('preferred')} className="mt-1" />
            <span>{accountPageMessages.dollars.preferred}</span>
          </label>
        )}
        {accountName.message && <Alert tone={accountName.message.tone}>{accountName.message.text}</Alert>}
        {form.error && <Alert tone="error">{form.error}</Alert>}
        <Button type="submit" className="w-full" disabled={form.working}>
          {form.working ? 'Saving...' : 'Save Bank Info'}
        </Button>
      </form>
    </FormCard>
  );
}
