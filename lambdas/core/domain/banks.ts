/**
 * Nigerian banks by their code (spec §9: the code-to-name table My Account shows; an unknown code
 * is shown as it is). The bank list the seller picks from comes from the payment provider; this
 * table only names a code already saved. Plain data, no AWS.
 */
export const bankNames: Readonly<Record<string, string>> = {
  '044': 'Access Bank',
  '063': 'Access Bank (Diamond)',
  '023': 'Citibank Nigeria',
  '050': 'Ecobank Nigeria',
  '070': 'Fidelity Bank',
  '011': 'First Bank',
  '214': 'First City Monument Bank',
  '058': 'Guaranty Trust Bank',
  '030': 'Heritage Bank',
  '301': 'Jaiz Bank',
  '082': 'Keystone Bank',
  '50211': 'Kuda Bank',
  '50515': 'Moniepoint MFB',
  '999992': 'OPay',
  '999991': 'PalmPay',
  '076': 'Polaris Bank',
  '101': 'Providus Bank',
  '221': 'Stanbic IBTC Bank',
  '068': 'Standard Chartered Bank',
  '232': 'Sterling Bank',
  '100': 'Suntrust Bank',
  '032': 'Union Bank of Nigeria',
  '033': 'United Bank for Africa',
  '215': 'Unity Bank',
  '035': 'Wema Bank',
  '057': 'Zenith Bank',
};

/** The name of a bank code, or the code itself when the table does not know it. */
export function bankName(code: string): string {
  return bankNames[code] ?? code;
}

/** A Nigerian (NUBAN) account number: exactly 10 digits. */
export const accountNumberLength = 10;

/** What the account-number box keeps of what is typed: digits only, at most 10 (spec §5). */
export function accountNumberInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, accountNumberLength);
}

/** Masks all but the last four digits: 0690000031 -> ******0031. */
export function maskAccountNumber(accountNumber: string): string {
  return accountNumber.length <= 4 ? accountNumber : `${'*'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;
}
