/**
 * First paint of the comparison (§2 `/products-compaire`) without React: the stored products drawn from the server's
 * templates (CompareParts.tsx, same markup as the island) with the island's own views. The island wakes on the
 * shopper's first touch (`client:interaction="page"`) and takes over in place; taps made meanwhile are replayed on it.
 */
import { handOver } from '../../lib/stand-in.ts';
import { $compare } from './compare.store.ts';
import { compareView, fillCompare } from './compare-view.ts';

function preview(frame: HTMLElement): void {
  const island = frame.querySelector('astro-island');
  const standIn = frame.querySelector<HTMLElement>('[data-preview]');
  // Nothing to stand in for when the island already drew (woken before this script ran).
  if (!island || !standIn || !island.querySelector('[data-reserved]')) return;
  const template = (name: string) => frame.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)?.innerHTML ?? '';
  const draw = () => {
    const products = $compare.get();
    standIn.innerHTML = products.length ? fillCompare(template(String(products.length)), products.map(compareView)) : template('empty');
  };
  draw();
  frame.setAttribute('data-drawn', '');
  const unlisten = $compare.listen(draw);
  handOver(frame, standIn, island, { done: unlisten });
}

const frame = document.querySelector<HTMLElement>('[data-compare]');
if (frame) preview(frame);
