import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { versionedMemory } from './versioned-memory.ts';

const handle = () => ({}) as Db;

describe('versionedMemory', () => {
  it('gives a value back at its version only', () => {
    const m = versionedMemory<number>(10);
    const db = handle();
    m.set(db, 'a', '7', 42);
    expect(m.get(db, 'a', '7')).toBe(42);
    expect(m.get(db, 'a', '8')).toBeUndefined();
    expect(m.get(db, 'b', '7')).toBeUndefined();
    m.set(db, 'a', '8', 43);
    expect(m.get(db, 'a', '7')).toBeUndefined();
    expect(m.get(db, 'a', '8')).toBe(43);
  });

  it('keeps each database handle apart', () => {
    const m = versionedMemory<string>(10);
    const [one, two] = [handle(), handle()];
    m.set(one, 'k', 1, 'one');
    expect(m.get(two, 'k', 1)).toBeUndefined();
    expect(m.get(one, 'k', 1)).toBe('one');
  });

  it('forgets the least recently asked key past its size', () => {
    const m = versionedMemory<number>(2);
    const db = handle();
    m.set(db, 'a', 1, 1);
    m.set(db, 'b', 1, 2);
    expect(m.get(db, 'a', 1)).toBe(1);
    m.set(db, 'c', 1, 3);
    expect(m.get(db, 'b', 1)).toBeUndefined();
    expect(m.get(db, 'a', 1)).toBe(1);
    expect(m.get(db, 'c', 1)).toBe(3);
  });

  it('peeks at what a key holds, whatever its version, without making it the most recently asked', () => {
    const m = versionedMemory<number>(2);
    const db = handle();
    expect(m.peek(db, 'a')).toBeUndefined();
    m.set(db, 'a', 1, 1);
    m.set(db, 'b', 1, 2);
    expect(m.peek(db, 'a')).toEqual({ version: 1, value: 1 });
    m.set(db, 'c', 1, 3);
    expect(m.peek(db, 'a')).toBeUndefined();
    expect(m.peek(db, 'b')).toEqual({ version: 1, value: 2 });
  });
});
