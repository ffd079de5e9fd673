import { describe, expect, it } from 'vitest';
import { catalogueTag, tagMatches } from './freshness.ts';

describe('catalogueTag', () => {
  it.each([
    [12, 'abcdef0123456789ffff', 'W/"c12-abcdef0123456789"'],
    ['7', 'dev', 'W/"c7-dev"'],
    ['12.408', 'dev', 'W/"c12.408-dev"'],
    [3, 'a"b c', 'W/"c3-abc"'],
  ])('%j and %j → %s', (version, build, tag) => {
    expect(catalogueTag(version, build)).toBe(tag);
  });
});

describe('tagMatches (If-None-Match)', () => {
  const tag = 'W/"c12-abc"';
  it.each<[string | null, boolean]>([
    ['W/"c12-abc"', true],
    ['"c12-abc"', true],
    ['"x", W/"c12-abc"', true],
    ['*', true],
    ['W/"c13-abc"', false],
    ['W/"c12-abd"', false],
    ['', false],
    [null, false],
  ])('%j → %j', (header, matches) => {
    expect(tagMatches(header, tag)).toBe(matches);
  });
});
