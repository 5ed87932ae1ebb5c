import { LruCache } from './lru-cache';

describe('LruCache', () => {
  const byLength = (value: string): number => value.length;

  it('evicts the least recently used entry when full', () => {
    const cache = new LruCache<string, string>(2, 1000, byLength);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('stays under its weight budget', () => {
    const cache = new LruCache<string, string>(100, 10, byLength);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz');
    expect(cache.weight).toBeLessThanOrEqual(10);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('does not keep a value heavier than the whole cache', () => {
    const cache = new LruCache<string, string>(100, 3, byLength);
    cache.set('small', 'ab');
    cache.set('big', 'abcdef');
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('small')).toBe('ab');
  });

  it('replaces a key without counting it twice', () => {
    const cache = new LruCache<string, string>(10, 100, byLength);
    cache.set('a', 'one');
    cache.set('a', 'three');
    expect(cache.size).toBe(1);
    expect(cache.weight).toBe(5);
  });
});
