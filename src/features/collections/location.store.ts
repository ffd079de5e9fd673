/** The visitor's location (§3 "Location data"), looked up once at start from a configurable URL. */
import { atom } from 'nanostores';
import { locationText, readLocation, type LocationData } from '../../domain/collections.ts';

/** Location of the visitor, or null until (or unless) the lookup answers. */
export const $location = atom<LocationData | null>(null);

/** Lookup URL: PUBLIC_LOCATION_URL, else our own server's `/api/location`. */
export const locationUrl: string = import.meta.env.PUBLIC_LOCATION_URL || `${import.meta.env.PUBLIC_API_URL ?? ''}/api/location`;

let started = false;

/** Looks the location up once; a failure logs 'Error fetching location data' and leaves $location null. */
export async function loadLocation(fetcher: typeof fetch = fetch): Promise<void> {
  if (started) return;
  started = true;
  try {
    const res = await fetcher(locationUrl, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const location = readLocation(await res.json());
    if (!location) throw new Error('bad location answer');
    $location.set(location);
  } catch (err) {
    console.error('Error fetching location data', err);
  }
}

/** Text stored on a new line: the visitor's location when known. */
export function currentLocationText(): string {
  return locationText($location.get());
}

/** Test hook: forget the lookup so it can run again. */
export function resetLocationForTests(): void {
  started = false;
  $location.set(null);
}
