/**
 * First paint of `/checkout` (§2) without React: the stored collection's lines and total at their stored prices (the
 * island reads the catalogue's prices once awake and replaces them), drawn from the server's templates
 * (CheckoutParts.tsx, same markup as the island), and the delivery form filled from an earlier draft of this checkout.
 */
import { orderLineView, orderSumView } from '../../components/ui/order-lines-view.ts';
import { unitPrice } from '../../domain/collections.ts';
import { saleKinds, saleTypeParam, trancheRows } from '../../domain/orders.ts';
import { handOver } from '../../lib/stand-in.ts';
import { collections } from '../collections/collections.store.ts';
import type { Draft } from './draft.ts';
import { currentDraft } from './draft.store.ts';
import { drawOrderLines, standInOf } from './order-preview.ts';

/** Puts the earlier draft's address, phone and payment mode in the server's form (React keeps them when it hydrates). */
function fillForm(form: HTMLFormElement | null, draft: Draft | null): void {
  if (!form || !draft) return;
  const field = (name: string) => form.elements.namedItem(name);
  const adresse = field('adresse');
  const telephone = field('telephone');
  if (adresse instanceof HTMLInputElement && !adresse.value) adresse.value = draft.adresse;
  if (telephone instanceof HTMLInputElement) telephone.value = draft.telephone;
  const mode = form.querySelector<HTMLInputElement>(`input[name="payment_mode"][value="${draft.payment_mode}"]`);
  if (mode) mode.checked = true;
}

function preview(frame: HTMLElement): void {
  const type = saleTypeParam(frame.dataset.checkout ?? null);
  const kind = saleKinds[type];
  const parts = standInOf(frame);
  if (!parts) return;
  const { island, preview } = parts;
  fillForm(island.querySelector('form'), currentDraft(type));
  const draw = () => {
    const lines = collections[kind].get().map((l) => {
      const price = unitPrice(kind, l.product);
      return { name: l.product.name, image: l.product.image_256, quantity: l.quantity, price_unit: price, price_subtotal: price * l.quantity };
    });
    frame.toggleAttribute('data-filled', lines.length > 0);
    const total = lines.reduce((sum, l) => sum + l.price_subtotal, 0);
    const sum = orderSumView({ amount_total: total, tranches: type === 'preorder' ? trancheRows(total).map((t) => ({ ...t, state: 'due' })) : [] });
    drawOrderLines(frame, preview, lines.length ? lines.map(orderLineView) : null, sum);
  };
  draw();
  frame.setAttribute('data-drawn', '');
  const unlisten = collections[kind].listen(draw);
  handOver(frame, preview, island, { done: unlisten });
}

const frame = document.querySelector<HTMLElement>('[data-checkout]');
if (frame) preview(frame);
