/**
 * The module script of `/payment-state` (§2, PaymentScreen.astro): draws the payment's state from the screen's templates
 * as $paymentScreen changes (a pending payment is asked about again by the store), and runs the actions on a tap.
 */
import { fillSlots } from '../../lib/fill-slots.ts';
import { $paymentScreen, actions, payNow, payOnDelivery, paymentReference, watchPayment, type PaymentScreen } from './payment-screen.store.ts';
import { paymentView, type PaymentView } from './payment-view.ts';

const TONE: Record<PaymentView['tone'], string> = { paid: 'text-emerald-800', waiting: 'text-brand-900', trouble: 'text-red-800' };
// 'Voir ma commande' is the main way on unless paying again is offered.
const ORDER_LOOK = { main: 'bg-brand-700 text-white hover:bg-brand-800', aside: 'border border-slate-300 text-slate-800' };

/** The markup of a screen state, from the screen's templates (`loading`: what the server drew first). */
function markup(s: PaymentScreen, loading: string): string {
  const template = (name: string) => document.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)?.innerHTML ?? '';
  if (s.status === 'loading') return loading;
  if (s.status === 'none') return template('none');
  if (s.status === 'error') return fillSlots(template('error'), { message: s.message });
  const v = paymentView(s.payment, s.gaveUp);
  return fillSlots(template('ready'), {
    tone: TONE[v.tone], title: v.title, text: v.text, reference: v.reference, amount: v.amount, orderHref: v.orderHref,
    orderLook: v.retry ? ORDER_LOOK.aside : ORDER_LOOK.main, actionError: s.actionError ?? '',
  });
}

function start(root: HTMLElement): void {
  const loading = root.innerHTML;
  let drawn = loading;
  $paymentScreen.subscribe((s) => {
    const html = markup(s, loading);
    const ready = s.status === 'ready' ? s : null;
    // A check that changed nothing leaves the screen, and the focus, as they are.
    if (html !== drawn) {
      const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
      root.innerHTML = html;
      drawn = html;
      if (ready && !ready.actionError) root.querySelector('[data-action-error]')?.remove();
      if (ready && !paymentView(ready.payment, ready.gaveUp).retry) root.querySelector('[data-retry]')?.remove();
      // The same control if it is still there, else the heading: the focus never falls back to the page's top.
      const again = focused && [...root.querySelectorAll<HTMLElement>(focused.tagName)].find((el) => el.textContent === focused.textContent);
      (again ?? (focused ? root.querySelector<HTMLElement>('h2') : null))?.focus();
    }
    for (const button of root.querySelectorAll('button')) button.toggleAttribute('disabled', !!ready?.busy);
  });
  // The actions' code starts loading as a finger or the focus reaches them; the tap itself waits for it.
  const warm = (e: Event) => {
    if (e.target instanceof Element && e.target.closest('[data-action]')) void actions();
  };
  root.addEventListener('pointerdown', warm);
  root.addEventListener('focusin', warm);
  root.addEventListener('click', (e) => {
    const action = e.target instanceof Element ? e.target.closest<HTMLElement>('button[data-action]')?.dataset.action : undefined;
    if (action === 'pay') void payNow();
    if (action === 'delivery') void payOnDelivery();
  });
  const reference = paymentReference(location.search);
  if (reference) watchPayment(reference);
  else $paymentScreen.set({ status: 'none' });
}

const root = document.querySelector<HTMLElement>('[data-payment-screen]');
if (root) start(root);
