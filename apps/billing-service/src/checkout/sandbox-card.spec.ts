import { chargeSandboxCard, parseExpiry, passesLuhn } from './sandbox-card';

const now = new Date('2026-05-15T12:00:00Z');
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string; name: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
});

describe('the sandbox card rules', () => {
  it('pays with the test card 4242 4242 4242 4242, spaces optional', () => {
    expect(chargeSandboxCard(card(), now)).toEqual({ result: 'paid' });
    expect(chargeSandboxCard(card({ number: '4242424242424242' }), now)).toEqual({ result: 'paid' });
    expect(chargeSandboxCard(card({ number: ' 4242-4242-4242-4242 ' }), now)).toEqual({ result: 'paid' });
  });

  it('declines 4000 0000 0000 0002 with a message for the buyer', () => {
    expect(chargeSandboxCard(card({ number: '4000 0000 0000 0002' }), now)).toEqual({ result: 'declined', message: 'Your card was declined. Try another card.' });
  });

  it('declines any other real-looking card, naming the test card', () => {
    const payment = chargeSandboxCard(card({ number: '5555 5555 5555 4444' }), now);
    expect(payment).toEqual({ result: 'declined', message: expect.stringContaining('4242 4242 4242 4242') });
  });

  it('answers each field that is not a card, before charging anything', () => {
    expect(chargeSandboxCard(card({ number: '4242 4242 4242 4241' }), now)).toEqual({ result: 'invalid', errors: [{ field: 'number', message: 'Enter a valid card number.' }] });
    expect(chargeSandboxCard({ number: 'abcd', expiry: '13/30', cvc: '12', name: '  ' }, now)).toEqual({
      result: 'invalid',
      errors: [
        { field: 'number', message: 'Enter a valid card number.' },
        { field: 'expiry', message: 'Enter the expiry date as MM/YY.' },
        { field: 'cvc', message: 'Enter the 3 or 4 digit security code (CVC).' },
        { field: 'name', message: 'Enter the name on the card.' },
      ],
    });
    expect(chargeSandboxCard(card({ expiry: '04/26' }), now)).toEqual({ result: 'invalid', errors: [{ field: 'expiry', message: 'This card has expired.' }] });
    // the month it expires in is still good
    expect(chargeSandboxCard(card({ expiry: '05 / 2026' }), now)).toEqual({ result: 'paid' });
  });

  it('checks numbers with Luhn and reads expiries as MM/YY or MM/YYYY', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(parseExpiry('1/27')).toEqual({ month: 1, year: 2027 });
    expect(parseExpiry('12/2031')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('00/27')).toBeNull();
    expect(parseExpiry('1227')).toBeNull();
  });
});
