import { useTestStorageEngine, getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';

useTestStorageEngine();
setTestStorageKey('popupLastClosed', 'garbage');
const { $offerAudience, $orderedHere, $popupLastClosed, closePopup, markOrderedHere, popupWait } = await import('./popup.store.ts');
const { $session } = await import('../account/session.store.ts');

describe('special-offer popup timing', () => {
  it('reads damaged storage as never closed', () => expect($popupLastClosed.get()).toBe(0));

  it.each([
    [0, 1_000_000, 0],
    [1_000_000, 1_000_000, 10_000],
    [1_000_000, 1_004_000, 6_000],
    [1_000_000, 1_010_000, 0],
    [1_000_000, 1_500_000, 0],
    // A closing time in the future (clock changed) never hides it for more than 10 s.
    [9_000_000, 1_000_000, 10_000],
  ])('closed at %i, now %i → wait %i ms', (closed, now, wait) => expect(popupWait(now, closed)).toBe(wait));

  it('records the closing time in browser storage', () => {
    closePopup(1234);
    expect($popupLastClosed.get()).toBe(1234);
    expect(getTestStorage().popupLastClosed).toBe('1234');
  });
});

describe('special-offer audience', () => {
  const session = {
    user_info: { id: 1, name: 'A', partner_phone: null, email: null, adhesion: null, parent_id: null },
    company: null,
    parent: null,
    user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: 1 },
    is_verified: true,
  };

  it('offers it to a new visitor, not to a logged-in shopper', () => {
    expect($offerAudience.get()).toBe(true);
    $session.set(session);
    expect($offerAudience.get()).toBe(false);
    $session.set(null);
    expect($offerAudience.get()).toBe(true);
  });

  it('stops offering it once this browser ordered, and remembers it', () => {
    markOrderedHere(5678);
    expect($orderedHere.get()).toBe(5678);
    expect(getTestStorage().orderedHere).toBe('5678');
    expect($offerAudience.get()).toBe(false);
  });
});
