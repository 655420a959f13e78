/**
 * Nigerian banks by their code (spec §9: the code-to-name table My Account shows; an unknown code
 * is shown as it is). The bank list the seller picks from comes from the payment provider; this
 * table only names a code already saved, so it names every code of that list the sandbox serves
 * (lib/local/flutterwave/banks.ts; a unit test holds the two together), in the spec's words where
 * it gives them (058, 011, 033, 057, 035). Plain data, no AWS.
 */
export const bankNames: Readonly<Record<string, string>> = {
  // Commercial banks
  '044': 'Access Bank',
  '063': 'Access Bank (Diamond)',
  '035A': 'ALAT by WEMA',
  '023': 'Citibank Nigeria',
  '050': 'Ecobank Nigeria',
  '070': 'Fidelity Bank',
  '011': 'First Bank',
  '214': 'First City Monument Bank',
  '103': 'Globus Bank',
  '058': 'Guaranty Trust Bank',
  '030': 'Heritage Bank',
  '082': 'Keystone Bank',
  '107': 'Optimus Bank',
  '104': 'Parallex Bank',
  '076': 'Polaris Bank',
  '105': 'PremiumTrust Bank',
  '101': 'Providus Bank',
  '106': 'Signature Bank',
  '221': 'Stanbic IBTC Bank',
  '068': 'Standard Chartered Bank',
  '232': 'Sterling Bank',
  '100': 'Suntrust Bank',
  '102': 'Titan Trust Bank',
  '032': 'Union Bank of Nigeria',
  '033': 'United Bank for Africa',
  '215': 'Unity Bank',
  '035': 'Wema Bank',
  '057': 'Zenith Bank',
  // Merchant and non-interest banks
  '559': 'Coronation Merchant Bank',
  '060002': 'FBNQuest Merchant Bank',
  '501': 'FSDH Merchant Bank',
  '060003': 'Nova Merchant Bank',
  '502': 'Rand Merchant Bank',
  '301': 'Jaiz Bank',
  '303': 'Lotus Bank',
  '302': 'TAJ Bank',
  // Microfinance and mortgage banks
  '090270': 'AB Microfinance Bank',
  '51204': 'Above Only MFB',
  '50036': 'Ahmadu Bello University Microfinance Bank',
  '50926': 'Amju Unique MFB',
  '401': 'ASO Savings and Loans',
  '50931': 'Bowen Microfinance Bank',
  '565': 'Carbon',
  '50823': 'CEMCS Microfinance Bank',
  '562': 'Ekondo Microfinance Bank',
  '50126': 'Eyowo',
  '51318': 'FairMoney Microfinance Bank',
  '51251': 'Hackman Microfinance Bank',
  '50383': 'Hasal Microfinance Bank',
  '51244': 'Ibile Microfinance Bank',
  '50457': 'Infinity MFB',
  '50211': 'Kuda Bank',
  '90052': 'Lagos Building Investment Company',
  '50549': 'Links MFB',
  '50563': 'Mayfair MFB',
  '50304': 'Mint MFB',
  '50515': 'Moniepoint MFB',
  '552': 'NPF Microfinance Bank',
  '125': 'Rubies MFB',
  '51113': 'Safe Haven MFB',
  '50746': 'Seed Capital Microfinance Bank',
  '51310': 'Sparkle Microfinance Bank',
  '51211': 'TCF MFB',
  '566': 'VFD Microfinance Bank',
  // Payment service banks and mobile money
  '120001': '9mobile 9Payment Service Bank',
  '120004': 'Airtel Smartcash PSB',
  '100022': 'GoMoney',
  '120002': 'HopePSB',
  '120003': 'MTN MoMo PSB',
  '999992': 'OPay',
  '327': 'Paga',
  '999991': 'PalmPay',
  '311': 'Parkway - ReadyCash',
  '304': 'Stanbic Mobile Money',
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
