import { SANDBOX_TEST_CARDS, type FieldError, type SandboxCard, type SandboxPayment } from '@appgen/contracts';

/*
 * The sandbox's card rules: what its checkout page accepts. Like a real card form it first checks that what was
 * typed is a card (Luhn, an expiry month that has not passed, a 3 or 4 digit CVC, a name), then "charges" it:
 * only the test card pays; the decline test card, and any other real-looking number, is declined.
 */

const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');
const PAYS = digitsOf(SANDBOX_TEST_CARDS.pays);
const DECLINED = digitsOf(SANDBOX_TEST_CARDS.declined);

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM/YY` (or `MM / YY`, `MM/YYYY`) as its month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, monthText = '', yearText = ''] = match;
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Each field that is not what a card form takes, worded for the person typing. */
export function cardErrors(card: SandboxCard, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const number = digitsOf(card.number);
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) errors.push({ field: 'number', message: 'Enter a valid card number.' });
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.push({ field: 'expiry', message: 'Enter the expiry date as MM/YY.' });
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.push({ field: 'expiry', message: 'This card has expired.' });
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.push({ field: 'cvc', message: 'Enter the 3 or 4 digit security code (CVC).' });
  const name = card.name.trim();
  if (name.length === 0) errors.push({ field: 'name', message: 'Enter the name on the card.' });
  else if (name.length > 100) errors.push({ field: 'name', message: 'The name on the card is at most 100 characters.' });
  return errors;
}

/** What the sandbox does with a card: pays with the test card, declines every other well-formed one. */
export function chargeSandboxCard(card: SandboxCard, now = new Date()): SandboxPayment {
  const errors = cardErrors(card, now);
  if (errors.length > 0) return { result: 'invalid', errors };
  const number = digitsOf(card.number);
  if (number === PAYS) return { result: 'paid' };
  if (number === DECLINED) return { result: 'declined', message: 'Your card was declined. Try another card.' };
  return { result: 'declined', message: `Your card was declined: this is a sandbox checkout, where only the test card ${SANDBOX_TEST_CARDS.pays} pays.` };
}
