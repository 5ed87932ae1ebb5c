import { objectSlot } from './object-slot';

describe('objectSlot: a value kept on a request or message for as long as it lives', () => {
  it('holds one value per object, apart from every other slot and object', () => {
    const auth = objectSlot<string>('auth');
    const log = objectSlot<string>('log');
    const [first, second] = [{}, {}];
    auth.set(first, 'ada');
    log.set(first, 'line');
    expect(auth.get(first)).toBe('ada');
    expect(log.get(first)).toBe('line');
    expect(auth.get(second)).toBeUndefined();
  });

  it('is invisible to what reads or copies the object: its keys and its JSON', () => {
    const slot = objectSlot<{ secret: string }>('claim');
    const request = { url: '/apps' };
    slot.set(request, { secret: 's3' });
    expect(Object.keys(request)).toEqual(['url']);
    expect(JSON.stringify(request)).toBe('{"url":"/apps"}');
  });

  it('clears', () => {
    const slot = objectSlot<number>('count');
    const message = {};
    slot.set(message, 3);
    slot.clear(message);
    expect(slot.get(message)).toBeUndefined();
  });
});
