import { saveBankInfoRequestSchema } from '@escrow/api/account';
import { accountNumberInput, accountNumberLength } from '@escrow/domain/banks';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PinField } from '../../components/pin-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { FormCard } from '../../components/ui/form-card';
import { linkClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { failureMessage } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { getAccount, listBanks, resolveAccountName, saveBankInfo } from './api';
import { filterBanks, uniqueBanks } from './banks';
import { accountPageMessages } from './messages';
import { accountNotice } from './notice';

const messages = accountPageMessages.bank;

interface Message {
  tone: 'error' | 'success' | 'warning';
  text: string;
}

/**
 * Spec §2 "Bank info": pick the bank, type the account number, and the provider names the account
 * when the box loses focus. Saving needs that name (the server resolves it again itself) and the
 * payment PIN, which guards bank changes.
 */
export function BankInfoForm() {
  const navigate = useNavigate();
  const [banks] = useLoad(useCallback(async () => uniqueBanks(await listBanks()), []));
  const [account] = useLoad(getAccount);
  const [search, setSearch] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  const [pin, setPin] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // Bumped by every change of bank or number: a verification answering for older details is dropped.
  const edits = useRef(0);

  function detailsChanged() {
    edits.current++;
    setAccountName('');
    setVerifying(false);
    setMessage(null);
  }

  async function verify() {
    if (accountName || verifying) return;
    if (!bankCode || accountNumber.length !== accountNumberLength) {
      setMessage({ tone: 'error', text: messages.selectBankAndAccount });
      return;
    }
    const mine = edits.current;
    setVerifying(true);
    setMessage(null);
    try {
      const name = await resolveAccountName(accountNumber, bankCode);
      if (mine !== edits.current) return;
      setAccountName(name);
      setMessage({ tone: 'success', text: messages.verified });
    } catch {
      if (mine !== edits.current) return;
      setAccountName('');
      setMessage({ tone: 'error', text: messages.verifyFailed });
    } finally {
      if (mine === edits.current) setVerifying(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!accountName) {
      setMessage({ tone: 'warning', text: messages.verifyFirst });
      return;
    }
    const parsed = saveBankInfoRequestSchema.safeParse({ bank_code: bankCode, account_number: accountNumber, pin });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? messages.saveFailed });
      return;
    }
    setMessage(null);
    setSaving(true);
    try {
      await saveBankInfo(parsed.data);
      navigate(paths.myAccount.getHref(), { state: accountNotice(messages.saved) });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(failure, messages.saveFailed) });
      setSaving(false);
    }
  }

  const bankList = banks.status === 'loaded' ? filterBanks(banks.data, search, bankCode) : [];
  const pinMissing = account.status === 'loaded' && !account.data.profile?.has_payment_pin;

  return (
    <FormCard title="Enter Bank Details" subtitle="Where the funds of your contracts are paid when you release them.">
      {banks.status === 'failed' && <Alert tone="error">{messages.banksUnavailable}</Alert>}
      <form noValidate onSubmit={save} className="space-y-4">
        <TextField
          label="Search banks"
          name="bankSearch"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Bank"
          name="bank"
          value={bankCode}
          disabled={banks.status !== 'loaded'}
          onChange={(event) => {
            setBankCode(event.target.value);
            detailsChanged();
          }}
        >
          <option value="">{banks.status === 'loading' ? 'Loading banks...' : '-- Select Bank --'}</option>
          {bankList.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </SelectField>
        {/* No maxLength: a number pasted with spaces or dashes would be cut before they are stripped. */}
        <TextField
          label="Account number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          value={accountNumber}
          onChange={(event) => {
            const next = accountNumberInput(event.target.value);
            if (next === accountNumber) return;
            setAccountNumber(next);
            detailsChanged();
          }}
          onBlur={() => void verify()}
          hint={<span className="text-gray-600 dark:text-gray-400">{accountNumberLength} digits</span>}
        />
        <TextField
          label="Account name"
          name="accountName"
          readOnly
          value={verifying ? 'Verifying account...' : accountName}
          placeholder="Verified when you leave the account number box"
        />
        <PinField
          value={pin}
          onChange={setPin}
          hint={
            pinMissing && (
              <span className="text-gray-700 dark:text-gray-300">
                You have not set a payment PIN yet.{' '}
                <Link to={paths.resetPin.getHref()} className={linkClass}>
                  Set your payment PIN
                </Link>{' '}
                first.
              </span>
            )
          }
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Button type="submit" className="w-full" disabled={saving}>
          {saving ? 'Saving...' : 'Save Bank Info'}
        </Button>
      </form>
    </FormCard>
  );
}
