import { describe, expect, it } from 'vitest';
import { LruCache } from './lru.js';

describe('LruCache', () => {
  it('drops the entry unused longest once full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('looks with peek without making the entry recent', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe(2);
  });

  it('keeps the entries that may not go, over capacity, and tells of each one that went', () => {
    const busy = new Set(['a']);
    const evicted: string[] = [];
    const cache = new LruCache<string, string>(1, {
      evictable: (value) => !busy.has(value),
      onEvict: (value) => evicted.push(value),
    });
    cache.set('a', 'a');
    cache.set('b', 'b');
    // 'a' is busy and 'b' was just set: both stay.
    expect([cache.peek('a'), cache.peek('b'), cache.size]).toEqual(['a', 'b', 2]);
    busy.delete('a');
    cache.set('c', 'c');
    expect(evicted).toEqual(['a', 'b']);
    expect(cache.size).toBe(1);
    cache.delete('c');
    expect(evicted).toEqual(['a', 'b']);
  });
});
