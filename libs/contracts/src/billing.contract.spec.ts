import { CREDIT_PACK_NAMES, CREDIT_PACKS, CreditPack } from './billing.contract';
import { validate } from './validation';

describe('credit packs', () => {
  it('are the packs decisions.md sells, each one a valid CreditPack', () => {
    expect(CREDIT_PACKS.map(({ name, price, currency, credits }) => `${name} ${price} ${currency} ${credits}`)).toEqual([
      'starter 40.00 USD 400',
      'builder 100.00 USD 1100',
      'studio 250.00 USD 3000',
    ]);
    for (const pack of CREDIT_PACKS) expect(validate(CreditPack, pack)).toEqual({ ok: true, value: pack });
    expect(CREDIT_PACKS.map((pack) => pack.name)).toEqual([...CREDIT_PACK_NAMES]);
  });

  it('refuse a price that is not an exact amount with two decimals', () => {
    for (const price of ['40', '40.0', '40.001', '-40.00', '040.00', '4e1']) {
      expect(validate(CreditPack, { ...CREDIT_PACKS[0], price }).ok).toBe(false);
    }
  });
});
