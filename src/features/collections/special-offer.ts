/** Shows the special-offer sheet (SpecialOfferPopup.astro, §4) when its 10 s are over, and hides it when closed. */
import { $popupLastClosed, closePopup, popupWait } from './popup.store.ts';

for (const sheet of document.querySelectorAll<HTMLElement>('[data-special-offer]')) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  $popupLastClosed.subscribe((lastClosed) => {
    clearTimeout(timer);
    const wait = popupWait(Date.now(), lastClosed);
    sheet.hidden = wait > 0;
    if (wait > 0)
      timer = setTimeout(() => {
        sheet.hidden = false;
      }, wait);
  });
  sheet.querySelector('button')?.addEventListener('click', () => closePopup());
  sheet.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closePopup();
  });
}
