/** Class names shared by the screens of the back office (44 px targets, cards at 360 px). */
export const CARD = 'rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200';
export const INPUT = 'block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3';
export const BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-semibold disabled:opacity-50';
/** The order's, product's and import's buttons: wider, in the body's size. */
export const BIG_BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-50';
/** A screen's section: a wider card; BOX spaces its children. */
export const PANEL = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200';
export const BOX = `space-y-3 ${PANEL}`;
export const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
export const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-900 hover:border-brand-700`;
export const DANGER = `${BUTTON} border border-red-300 bg-white text-red-700 hover:bg-red-50`;
export const DANGER_SOLID = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
export const ALERT = 'rounded-md bg-red-50 p-3 text-sm text-red-800';
