/**
 * First paint of `/commande-validation` (§2) without React: the stored draft's summary drawn from the server's templates
 * (ValidationParts.tsx, same markup as the island), or the no-draft notice. A tap on 'Confirmer la commande' before the
 * island is live is kept (the button shows it is sending) and made once on the island's button when it has drawn:
 * the draft's `Idempotency-Key` makes it one order.
 */
import { handOver, twin } from '../../lib/stand-in.ts';
import { saleTypeParam } from '../../domain/orders.ts';
import { draftView } from './draft.ts';
import { currentDraft } from './draft.store.ts';
import { drawOrderLines, standInOf } from './order-preview.ts';

function preview(frame: HTMLElement): void {
  const type = saleTypeParam(frame.dataset.validation ?? null);
  const parts = standInOf(frame);
  if (!parts) return;
  const { island, preview } = parts;
  const draft = currentDraft(type);
  const view = draft && draftView(draft);
  drawOrderLines(frame, preview, view ? view.lines : null, view ? view.sum : { total: '', tranches: [] }, view ? { ...view.delivery } : {}, 'none');
  frame.setAttribute('data-drawn', '');
  let tapped: { button: HTMLButtonElement; name: string } | null = null;
  preview.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || button.disabled || tapped) return;
    tapped = { button, name: button.textContent?.trim() ?? '' };
    button.disabled = true;
    button.textContent = 'Envoi en cours...';
  });
  // Its one tap is replayed here, once: the preview's button was disabled at the tap, so no other tap can count.
  handOver(frame, preview, island, {
    replayTaps: false,
    done: () => {
      if (!tapped) return;
      const same = twin(island, tapped.button, tapped.name);
      same?.focus();
      same?.click();
    },
  });
}

const frame = document.querySelector<HTMLElement>('[data-validation]');
if (frame) preview(frame);
