import { formatPartMarker, joinParts, parsePartMarker, splitIntoParts } from './message-parts';

describe('reply parts', () => {
  it('splits into parts of at most the budget that join back to the same bytes', () => {
    const data = new Uint8Array(Array.from({ length: 10 }, (_, i) => i));
    const parts = splitIntoParts(data, 4);
    expect(parts.map((part) => part.length)).toEqual([4, 4, 2]);
    expect(Array.from(joinParts(parts))).toEqual(Array.from(data));
    expect(splitIntoParts(data, 10)).toHaveLength(1);
    expect(splitIntoParts(new Uint8Array(0), 4)).toHaveLength(1);
    expect(() => splitIntoParts(data, 0)).toThrow('cannot carry anything');
  });

  it('reads back the markers it writes and refuses any other', () => {
    expect(parsePartMarker(formatPartMarker({ index: 2, count: 3 }))).toEqual({ index: 2, count: 3 });
    for (const bad of ['', '0/3', '4/3', '1/', '/1', 'a/b', '1/3/4', '-1/3', '1 /3']) expect(parsePartMarker(bad)).toBeNull();
  });
});
