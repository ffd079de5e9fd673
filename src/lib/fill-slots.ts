/** Fills the `{{slot}}` placeholders of the server's `<template>`s for the previews drawn before React (§4 "Collections", §2 `/products-compaire`, `/checkout`, `/commande-validation`). */

// React's own escapes, so a filled template is the very markup the island renders (line-view.test.tsx, compare-view.test.tsx, order-preview.test.tsx).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Puts escaped text in a template's `{{slot}}` placeholders (one pass: a value is never read as a slot). */
export function fillSlots(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(/\{\{(\w+)\}\}/g, (slot, name: string) =>
    Object.hasOwn(values, name) ? values[name]!.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : slot);
}
