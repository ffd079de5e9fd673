/**
 * First paint of the collection screens (§4 "Collections") without React: the stored lines, their total and tranches
 * drawn from the server's templates (CollectionParts.tsx, same markup as the island) over the island's reserved space.
 * The island wakes on the shopper's first touch (`client:interaction="page"`); when its own lines replace the preview,
 * the focus moves to the same control and taps made meanwhile are replayed on the island's buttons, in order.
 */
import type { CollectionKind } from '../../domain/collections.ts';
import { capHint } from '../../domain/quantity.ts';
import { fillSlots } from '../../lib/fill-slots.ts';
import { handOver } from '../../lib/stand-in.ts';
import { collections } from './collections.store.ts';
import { lineView, summaryView } from './line-view.ts';

/** Draws the collection's lines (or its empty notice) into `preview` from the frame's templates. */
function draw(frame: HTMLElement, preview: HTMLElement, kind: CollectionKind): void {
  const template = (name: string) => frame.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)?.innerHTML ?? '';
  const lines = collections[kind].get();
  if (lines.length === 0) {
    preview.innerHTML = template('empty');
    return;
  }
  const summary = summaryView(kind, lines);
  const [t0 = '', t1 = '', t2 = ''] = summary.tranches ?? [];
  preview.innerHTML = fillSlots(template('filled'), { total: summary.total, t0, t1, t2 });
  if (!summary.checkout) preview.querySelector('a[href^="/checkout"]')?.remove();
  const line = template('line');
  const views = lines.map((l) => lineView(kind, l));
  const list = preview.querySelector('ul');
  if (!list) return;
  list.innerHTML = views.map(({ canLess, canMore, ...text }) => fillSlots(line, text)).join('');
  views.forEach((view, i) => {
    list.children[i]?.querySelector('[data-step="less"]')?.toggleAttribute('disabled', !view.canLess);
    const more = list.children[i]?.querySelector('[data-step="more"]');
    if (more && !view.canMore) {
      more.setAttribute('aria-disabled', 'true');
      more.setAttribute('title', capHint);
    }
  });
}

/** Shows the preview of one collection frame until its island draws for itself. */
function preview(frame: HTMLElement): void {
  const kind = frame.dataset.collection;
  const island = frame.querySelector('astro-island');
  const preview = frame.querySelector<HTMLElement>('[data-preview]');
  // Nothing to stand in for when the island already drew (woken before this script ran).
  if (!kind || !(kind in collections) || !island || !preview || !island.querySelector('[data-reserved]')) return;
  const redraw = () => draw(frame, preview, kind as CollectionKind);
  redraw();
  frame.setAttribute('data-drawn', '');
  const unlisten = collections[kind as CollectionKind].listen(redraw);
  handOver(frame, preview, island, { done: unlisten });
}

for (const frame of document.querySelectorAll<HTMLElement>('[data-collection]')) preview(frame);
