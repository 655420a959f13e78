/**
 * Nigerian banks as `GET /v3/banks/NG` lists them: commercial, merchant and non-interest banks,
 * microfinance and mortgage banks, payment service banks and mobile money, with the provider's
 * codes (a few hundred live; these are the ones a Nigerian seller is most likely to hold). Like the
 * live list it is in no order and repeats a few codes under another name ('058', '063'); the ids
 * are the sandbox's. Only Access Bank (044) accounts resolve (see below), as in v3's test mode.
 */
const listed: ReadonlyArray<readonly [code: string, name: string]> = [
  // Commercial banks
  ['044', 'Access Bank'],
  ['063', 'Access Bank (Diamond)'],
  ['023', 'Citibank Nigeria'],
  ['050', 'Ecobank Nigeria'],
  ['070', 'Fidelity Bank'],
  ['011', 'First Bank of Nigeria'],
  ['214', 'First City Monument Bank'],
  ['103', 'Globus Bank'],
  ['058', 'Guaranty Trust Bank'],
  ['030', 'Heritage Bank'],
  ['082', 'Keystone Bank'],
  ['107', 'Optimus Bank'],
  ['104', 'Parallex Bank'],
  ['076', 'Polaris Bank'],
  ['105', 'PremiumTrust Bank'],
  ['101', 'Providus Bank'],
  ['106', 'Signature Bank'],
  ['221', 'Stanbic IBTC Bank'],
  ['068', 'Standard Chartered Bank'],
  ['232', 'Sterling Bank'],
  ['100', 'Suntrust Bank'],
  ['102', 'Titan Trust Bank'],
  ['032', 'Union Bank of Nigeria'],
  ['033', 'United Bank For Africa'],
  ['215', 'Unity Bank'],
  ['035', 'Wema Bank'],
  ['035A', 'ALAT by WEMA'],
  ['057', 'Zenith Bank'],
  ['058', 'GTBank Plc'],
  ['063', 'Diamond Bank'],
  // Merchant and non-interest banks
  ['559', 'Coronation Merchant Bank'],
  ['060002', 'FBNQuest Merchant Bank'],
  ['501', 'FSDH Merchant Bank Limited'],
  ['060003', 'Nova Merchant Bank'],
  ['502', 'Rand Merchant Bank'],
  ['301', 'Jaiz Bank'],
  ['303', 'Lotus Bank'],
  ['302', 'TAJ Bank'],
  // Microfinance and mortgage banks
  ['090270', 'AB Microfinance Bank'],
  ['51204', 'Above Only MFB'],
  ['50036', 'Ahmadu Bello University Microfinance Bank'],
  ['50926', 'Amju Unique MFB'],
  ['401', 'ASO Savings and Loans'],
  ['50931', 'Bowen Microfinance Bank'],
  ['565', 'Carbon'],
  ['50823', 'CEMCS Microfinance Bank'],
  ['562', 'Ekondo Microfinance Bank'],
  ['50126', 'Eyowo'],
  ['51318', 'FairMoney Microfinance Bank'],
  ['51251', 'Hackman Microfinance Bank'],
  ['50383', 'Hasal Microfinance Bank'],
  ['51244', 'Ibile Microfinance Bank'],
  ['50457', 'Infinity MFB'],
  ['50211', 'Kuda Bank'],
  ['90052', 'Lagos Building Investment Company Plc.'],
  ['50549', 'Links MFB'],
  ['50563', 'Mayfair MFB'],
  ['50304', 'Mint MFB'],
  ['50515', 'Moniepoint MFB'],
  ['552', 'NPF MicroFinance Bank'],
  ['125', 'Rubies MFB'],
  ['51113', 'Safe Haven MFB'],
  ['50746', 'Seed Capital Microfinance Bank'],
  ['51310', 'Sparkle Microfinance Bank'],
  ['51211', 'TCF MFB'],
  ['566', 'VFD Microfinance Bank'],
  // Payment service banks and mobile money
  ['120001', '9mobile 9Payment Service Bank'],
  ['120004', 'Airtel Smartcash PSB'],
  ['100022', 'GoMoney'],
  ['120002', 'HopePSB'],
  ['120003', 'MTN MoMo PSB'],
  ['999992', 'OPay'],
  ['327', 'Paga'],
  ['999991', 'PalmPay'],
  ['311', 'Parkway - ReadyCash'],
  ['304', 'Stanbic Mobile Money'],
];

export const nigerianBanks: ReadonlyArray<{ id: number; code: string; name: string }> = listed.map(([code, name], index) => ({
  id: 191 + index,
  code,
  name,
}));

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
