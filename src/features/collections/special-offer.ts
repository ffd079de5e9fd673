/** Shows the special-offer sheet (SpecialOfferPopup.astro, §4) to new visitors when its 10 s are over, and hides it when closed. */
import { $offerAudience, $popupLastClosed, closePopup, popupWait } from './popup.store.ts';

for (const sheet of document.querySelectorAll<HTMLElement>('[data-special-offer]')) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    clearTimeout(timer);
    // A logged-in shopper, or one who ordered from this browser, never sees it (it starts hidden: no flash).
    if (!$offerAudience.get()) {
      sheet.hidden = true;
      return;
    }
    const wait = popupWait(Date.now(), $popupLastClosed.get());
    sheet.hidden = wait > 0;
    if (wait > 0)
      timer = setTimeout(() => {
        sheet.hidden = false;
      }, wait);
  };
  $popupLastClosed.subscribe(update);
  $offerAudience.listen(update);
  sheet.querySelector('button')?.addEventListener('click', () => closePopup());
  sheet.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closePopup();
  });
  // Bound: from now on, hidden means "not for this shopper, or not yet" (journeys wait for it).
  sheet.setAttribute('data-live', '');
}
