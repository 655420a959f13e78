import { describe, expect, it } from 'vitest';
import { bankCodeSchema } from '../../lambdas/core/api/account';
import { bankName, bankNames } from '../../lambdas/core/domain/banks';
import { nigerianBanks, resolveAccountName } from '../../lib/local/flutterwave/banks';

/** The sandbox's `GET /v3/banks/NG` list, and the domain table that names a saved code. */
describe('the Nigerian bank list', () => {
  const codes = new Set(nigerianBanks.map((bank) => bank.code));

  it('is the size of a real list, banks, microfinance banks and mobile money alike', () => {
    expect(codes.size).toBeGreaterThanOrEqual(60);
    expect(nigerianBanks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '999992', name: 'OPay' }),
        expect.objectContaining({ code: '999991', name: 'PalmPay' }),
        expect.objectContaining({ code: '50515', name: 'Moniepoint MFB' }),
        expect.objectContaining({ code: '50211', name: 'Kuda Bank' }),
      ]),
    );
  });

  it('keeps the codes the tests, the demo seller and the domain table rely on', () => {
    // The integration tests look for Access Bank by this exact name.
    expect(nigerianBanks.find((bank) => bank.code === '044')?.name).toBe('Access Bank');
    for (const code of [
      ...['044', '023', '050', '070', '011', '214', '058', '50211', '50515', '999992', '076', '221', '232'],
      ...['032', '033', '035', '057', '063', '030', '301', '082', '999991', '101', '068', '100', '215'],
    ]) {
      expect(codes, code).toContain(code);
    }
  });

  it('resolves only the Access Bank test accounts, as v3 test mode does', () => {
    expect(resolveAccountName('044', '0690000031')).toBeTruthy();
    expect(resolveAccountName('044', '0690000041')).toBeTruthy();
    expect(resolveAccountName('044', '0690000042')).toBeUndefined();
    expect(resolveAccountName('058', '0690000031')).toBeUndefined();
  });

  it('lists codes the save-bank-info schema accepts, with a name and a unique id each', () => {
    for (const bank of nigerianBanks) {
      expect(bankCodeSchema.safeParse(bank.code).success, bank.code).toBe(true);
      expect(bank.name.trim(), bank.code).not.toBe('');
    }
    expect(new Set(nigerianBanks.map((bank) => bank.id)).size).toBe(nigerianBanks.length);
  });

  it('repeats a few codes under another name, as the live list does, the first name being the one kept', () => {
    const repeated = nigerianBanks.filter(
      (bank, index) => nigerianBanks.findIndex((other) => other.code === bank.code) !== index,
    );
    expect(repeated.length).toBeGreaterThan(0);
    expect(nigerianBanks.find((bank) => bank.code === '058')?.name).toBe('Guaranty Trust Bank');
  });

  it('names, in the domain table, every code a seller can pick, and nothing the list lacks', () => {
    expect([...codes].filter((code) => !(code in bankNames))).toEqual([]);
    expect(Object.keys(bankNames).filter((code) => !codes.has(code))).toEqual([]);
    expect(bankName('999992')).toBe('OPay');
    expect(bankName('50515')).toBe('Moniepoint MFB');
  });
});
