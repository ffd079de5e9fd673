import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { acceptsGzip } = await import('./middleware.ts');

describe('acceptsGzip', () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ['', false],
    ['gzip', true],
    ['br, gzip', true],
    ['gzip;q=0.5, br', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['br', false],
    ['identity', false],
    ['*', true],
    ['x-gzip', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
