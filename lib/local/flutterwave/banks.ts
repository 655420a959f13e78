/**
 * Nigerian banks as `GET /v3/banks/NG` lists them (code and name; the ids are the sandbox's), and
 * the accounts `POST /v3/accounts/resolve` knows. Like v3's test mode, only Access Bank (044)
 * accounts 0690000031-0690000041 resolve; the names are the sandbox's own.
 */
export const nigerianBanks: ReadonlyArray<{ id: number; code: string; name: string }> = [
  { id: 191, code: '044', name: 'Access Bank' },
  { id: 192, code: '023', name: 'Citibank Nigeria' },
  { id: 193, code: '050', name: 'Ecobank Nigeria' },
  { id: 194, code: '070', name: 'Fidelity Bank' },
  { id: 195, code: '011', name: 'First Bank of Nigeria' },
  { id: 196, code: '214', name: 'First City Monument Bank' },
  { id: 197, code: '058', name: 'Guaranty Trust Bank' },
  { id: 198, code: '50211', name: 'Kuda Bank' },
  { id: 199, code: '50515', name: 'Moniepoint MFB' },
  { id: 200, code: '999992', name: 'OPay' },
  { id: 201, code: '076', name: 'Polaris Bank' },
  { id: 202, code: '221', name: 'Stanbic IBTC Bank' },
  { id: 203, code: '232', name: 'Sterling Bank' },
  { id: 204, code: '032', name: 'Union Bank of Nigeria' },
  { id: 205, code: '033', name: 'United Bank For Africa' },
  { id: 206, code: '035', name: 'Wema Bank' },
  { id: 207, code: '057', name: 'Zenith Bank' },
];

const accessBankTestAccounts: Readonly<Record<string, string>> = {
  '0690000031': 'Adaeze Okafor',
  '0690000032': 'Babatunde Adeyemi',
  '0690000033': 'Chinedu Eze',
  '0690000034': 'Damilola Ogunleye',
  '0690000035': 'Emeka Nwosu',
  '0690000036': 'Funmilayo Bakare',
  '0690000037': 'Garba Musa',
  '0690000038': 'Halima Bello',
  '0690000039': 'Ifeoma Obi',
  '0690000040': 'Jide Balogun',
  '0690000041': 'Kemi Adebayo',
};

/** The account holder's name, or undefined where v3's test mode answers "invalid account". */
export function resolveAccountName(bankCode: string, accountNumber: string): string | undefined {
  return bankCode === '044' ? accessBankTestAccounts[accountNumber] : undefined;
}
