import { useTestStorageEngine, getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';

useTestStorageEngine();
setTestStorageKey('popupLastClosed', 'garbage');
const { $popupLastClosed, closePopup, popupWait } = await import('./popup.store.ts');

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
