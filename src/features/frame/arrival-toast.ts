/** Shows the toasts the server drew for the page's arrival (ArrivalToast.astro) in the toast region, for §8's 5 seconds. */

/** How long an arrival toast stays (§9's default), paused while the pointer is over it. */
const DURATION_MS = 5000;

function show(region: HTMLElement, template: HTMLTemplateElement): void {
  const card = template.content.firstElementChild?.cloneNode(true);
  if (!(card instanceof HTMLElement)) return;
  let left = DURATION_MS;
  let started = Date.now();
  let timer = setTimeout(() => card.remove(), left);
  card.addEventListener('mouseenter', () => {
    clearTimeout(timer);
    left -= Date.now() - started;
  });
  card.addEventListener('mouseleave', () => {
    started = Date.now();
    timer = setTimeout(() => card.remove(), Math.max(0, left));
  });
  card.querySelector('button')?.addEventListener('click', () => card.remove());
  region.append(card);
}

const region = document.getElementById('toasts');
if (region) for (const template of document.querySelectorAll<HTMLTemplateElement>('template[data-arrival-toast]')) show(region, template);
