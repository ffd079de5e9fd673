import { afterEach, describe, expect, it, vi } from 'vitest';
import { $location, loadLocation, locationUrl, resetLocationForTests } from './location.store.ts';

const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('location lookup', () => {
  afterEach(() => {
    resetLocationForTests();
    vi.restoreAllMocks();
  });

  it('defaults to our own /api/location', () => expect(locationUrl).toBe('/api/location'));

  it('keeps a valid answer', async () => {
    await loadLocation(answer(200, { city: 'Dakar', region: 'Dakar', country: 'SN', ip: '41.82.1.2', loc: '14.7,-17.4', org: 'x' }));
    expect($location.get()).toEqual({ city: 'Dakar', region: 'Dakar', country: 'SN', ip: '41.82.1.2', loc: '14.7,-17.4' });
  });

  it.each<[string, typeof fetch]>([
    ['an HTTP error', answer(500, {})],
    ['a malformed answer', answer(200, { city: 42 })],
    [
      'a network failure',
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    ],
  ])("logs 'Error fetching location data' on %s and leaves the location unknown", async (_label, fetcher) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadLocation(fetcher);
    expect($location.get()).toBeNull();
    expect(log).toHaveBeenCalledWith('Error fetching location data', expect.anything());
  });

  it('looks up only once', async () => {
    const fetcher = vi.fn(answer(200, { city: 'Thiès' }));
    await loadLocation(fetcher);
    await loadLocation(fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
