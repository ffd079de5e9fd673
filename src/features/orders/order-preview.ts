/**
 * Drawing of the checkout screens' first-paint previews (§2 `/checkout`, `/commande-validation`) from the server's
 * `<template>`s: `filled` (with `{{total}}`, `{{t0}}`…`{{t2}}` and the screen's own slots, its lines' list empty),
 * `line` and `line-bare` (a line without picture), and a notice for when there is nothing to draw.
 */
import type { OrderLineView, OrderSumView } from '../../components/ui/order-lines-view.ts';
import { fillSlots } from '../../lib/fill-slots.ts';

/** The preview's markup from the templates (`template(name)`): `lines` and `sum` (plus `slots`), or the `notice` when `lines` is null. */
export function orderPreviewHtml(template: (name: string) => string, lines: OrderLineView[] | null, sum: OrderSumView, slots: Record<string, string> = {}, notice = 'empty'): string {
  if (!lines) return template(notice);
  const [t0 = '', t1 = '', t2 = ''] = sum.tranches.map((t) => t.amount);
  const items = lines.map(({ image, ...text }) => fillSlots(template(image ? 'line' : 'line-bare'), { ...text, image: image ?? '' })).join('');
  // The lines go in the template's one empty list, after its own slots are filled (a name is never read as a slot).
  return fillSlots(template('filled'), { ...slots, total: sum.total, t0, t1, t2 }).replace('></ul>', () => `>${items}</ul>`);
}

/** Draws the preview into `preview` from the templates in `frame`. */
export function drawOrderLines(frame: HTMLElement, preview: HTMLElement, ...args: Parameters<typeof orderPreviewHtml> extends [unknown, ...infer Rest] ? Rest : never): void {
  const template = (name: string) => frame.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)?.innerHTML ?? '';
  preview.innerHTML = orderPreviewHtml(template, ...args);
}

/** The island and the preview of a checkout screen's frame; null when the island already drew (woken before this script ran). */
export function standInOf(frame: HTMLElement): { island: Element; preview: HTMLElement } | null {
  const island = frame.querySelector('astro-island');
  const preview = frame.querySelector<HTMLElement>('[data-preview]');
  return island && preview && island.querySelector('[data-reserved]') ? { island, preview } : null;
}
