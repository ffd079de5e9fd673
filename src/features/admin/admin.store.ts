/** The back office's state and calls (`/api/admin/*`, `/api/commandes/{id}`, `/api/users`): the only admin code that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { accountSchema, type Account } from '../../domain/account.ts';
import {
  adminOrderListSchema,
  auditEntrySchema,
  dashboardSchema,
  type AdminOrderQuery,
  type Dashboard,
} from '../../domain/admin.schema.ts';
import { orderSchema, paymentSessionSchema, type Order, type PaymentSession } from '../../domain/orders.schema.ts';
import { overdueListSchema, type OverdueList } from '../../domain/overdue.schema.ts';
import { paymentStatusLabels, stateLabels, type OrderState, type PaymentStatus } from '../../domain/orders.ts';
import { api, callApi, type ApiClient, type CallOptions } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { failure } from '../orders/orders.store.ts';

/** Which API client to use (the storefront's by default). */
export type Via = CallOptions;
/** A screen's data: loading, loaded, or failed with a French reason. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

export const $dashboard = atom<Loaded<Dashboard>>({ status: 'loading' });
export const $adminOrders = atom<Loaded<{ orders: Order[]; total: number; capped: boolean }>>({ status: 'loading' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const $adminOrder = atom<Loaded<{ order: Order; audit: AuditEntry[]; payments: PaymentSession[] }>>({ status: 'loading' });
/** A client as the back office lists it: the account and its company. */
export type Member = Account & { company: string | null };
const memberSchema = z.extend(accountSchema, { company: z._default(z.nullable(z.string()), null) });
const memberPageSchema = z.object({ users: z.array(memberSchema), total: z.int(), capped: z._default(z.boolean(), false) });
/** A page of clients as `GET /api/users` answers it. */
export type MemberPage = z.infer<typeof memberPageSchema>;
export const $members = atom<Loaded<MemberPage>>({ status: 'loading' });
/** The parent accounts (§6, organisations) a member may be attached to. */
export const $parents = atom<Member[]>([]);

const OFFLINE = 'Chargement impossible. Vérifiez votre connexion puis réessayez.';
/** An atom a screen's data loads into (it may hold other states too, such as « idle »). */
type Slot<T> = { get: () => { status: string }; set: (value: Loaded<T>) => void };

/** Loads a screen's data into its atom: ready, or failed with the server's French reason; `keep`: a failed reload keeps what is shown. */
export async function into<T>(store: Slot<T>, load: () => Promise<T>, keep = false): Promise<void> {
  try {
    store.set({ status: 'ready', data: await load() });
  } catch (err) {
    if (!keep || store.get().status !== 'ready') store.set({ status: 'error', message: failure(err, OFFLINE) });
  }
}

/** `into` for a list reloaded after each change: a failed reload keeps what is shown. */
export const kept = <T>(store: Slot<T>, load: () => Promise<T>) => into(store, load, true);

/** `into` for a new page or filter: « loading » shown first. */
export function afresh<T>(store: Slot<T>, load: () => Promise<T>): Promise<void> {
  store.set({ status: 'loading' });
  return into(store, load);
}

/** A list's query without its empty filters. */
export const filled = (query: object) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

const UNSAVED = 'Enregistrement impossible. Vérifiez votre connexion puis réessayez.';

/** Toasts why a call failed (the server's French reason, else `fallback`) and returns it. */
export function refused(err: unknown, fallback = UNSAVED): string {
  const message = failure(err, fallback);
  toast(message, { kind: 'error' });
  return message;
}

/** A back-office change: toasts what `run` answers once done and resolves true; else toasts why (the server's reason, else `fallback`). */
export async function changed(run: () => Promise<string>, fallback = 'Modification impossible. Réessayez.'): Promise<boolean> {
  try {
    toast(await run(), { kind: 'success' });
    return true;
  } catch (err) {
    refused(err, fallback);
    return false;
  }
}

/** A back-office write: toasts `done` and runs `reload`, resolving with null; else toasts the French reason and resolves with it. */
export async function written(done: string, run: () => Promise<unknown>, reload: () => Promise<void>): Promise<string | null> {
  try {
    await run();
  } catch (err) {
    return refused(err);
  }
  toast(done, { kind: 'success' });
  await reload();
  return null;
}

/** The dashboard's figures. */
export const loadDashboard = ({ client = api }: Via = {}) =>
  into($dashboard, () =>
    callApi(dashboardSchema, 'Erreur lors de la récupération du tableau de bord', '/api/admin/tableau-de-bord', { client }),
  );

/** One page of the order list for these filters. */
export const loadAdminOrders = (query: Partial<AdminOrderQuery>, { client = api }: Via = {}) =>
  afresh($adminOrders, () =>
    callApi(adminOrderListSchema, 'Erreur lors de la récupération des commandes', '/api/admin/commandes', { client, query: filled(query) }),
  );

const auditOf = (id: number, client: ApiClient) =>
  callApi(z.array(auditEntrySchema), 'Erreur lors de la récupération du journal', '/api/admin/audit', {
    client,
    query: { entity: 'order', id },
  });

const paymentsOf = (id: number, client: ApiClient) =>
  callApi(z.array(paymentSessionSchema), 'Erreur lors de la récupération des paiements', `/api/admin/commandes/${id}/paiements`, {
    client,
  });

const withJournal = async (order: Order, client: ApiClient) => ({
  order,
  audit: await auditOf(order.id, client),
  payments: await paymentsOf(order.id, client),
});

/** An order with its audit log and its online payment attempts (those to refund flagged). */
export const loadAdminOrder = (id: number, { client = api }: Via = {}) =>
  into($adminOrder, async () =>
    withJournal(await callApi(orderSchema, 'Erreur lors de la récupération de la commande', `/api/getcommande/${id}`, { client }), client),
  );

const change = (path: string, body: object, done: (order: Order) => string, client: ApiClient) =>
  changed(async () => {
    const order = await callApi(orderSchema, 'Erreur lors de la mise à jour', path, { client, method: 'PUT', body });
    $adminOrder.set({ status: 'ready', data: await withJournal(order, client) });
    return done(order);
  });

/** What the admin is told once an order moved (§8 toast style): which order, and where it now stands. */
export const moveDone = (o: Pick<Order, 'reference' | 'state'> & { credit?: Order['credit'] }) =>
  o.state === 'sale' && o.credit?.shop_approved_at
    ? `Commande ${o.reference} : validée par la boutique, en attente du compte parent.`
    : `Commande ${o.reference} : ${stateLabels[o.state].toLowerCase()}.`;

/** Moves an order along the §4 state machine. */
export const moveAdminOrder = (id: number, state: OrderState, { client = api }: Via = {}) =>
  change(`/api/commandes/${id}`, { state }, moveDone, client);

/** Records where the payment stands, along the payment machine; some moves need a reason, kept in the journal. */
export const setAdminPayment = (id: number, payment_status: PaymentStatus, reason?: string, { client = api }: Via = {}) =>
  change(
    `/api/commandes/${id}`,
    { payment_status, ...(reason?.trim() ? { reason: reason.trim() } : {}) },
    (o) => `Paiement de ${o.reference} enregistré : ${paymentStatusLabels[o.payment_status].toLowerCase()}.`,
    client,
  );

/** Records an instalment (pre-order tranche, credit instalment) as paid in cash or by payroll deduction (§6), or due again. */
export const setAdminTranche = (
  id: number,
  number: number,
  state: 'due' | 'paid',
  { client = api, via }: Via & { via?: 'cash' | 'payroll' } = {},
) =>
  change(
    `/api/admin/commandes/${id}/tranches/${number}`,
    { state, ...(via ? { via } : {}) },
    (o) =>
      `Tranche ${number} de ${o.reference} ${o.tranches.find((t) => t.number === number)?.state === 'paid' ? 'payée' : 'remise à payer'}.`,
    client,
  );

/** A page of accounts (`GET /api/users`), searched by name, phone or e-mail, for the members screen. */
export const loadMembers = (query: { q?: string; page?: number }, { client = api }: Via = {}) =>
  into($members, () =>
    callApi(memberPageSchema, 'Erreur lors de la récupération des clients', '/api/users', {
      client,
      query: { ...(query.q ? { q: query.q } : {}), page: query.page ?? 1, limit: 20 },
    }),
  );

/** The parent accounts (`GET /api/users?parents=true`), for the members' parent pickers. */
export async function loadParents({ client = api }: Via = {}): Promise<void> {
  try {
    const page = await callApi(memberPageSchema, 'Erreur lors de la récupération des comptes parents', '/api/users', {
      client,
      query: { parents: 'true', limit: 100 },
    });
    $parents.set(page.users);
  } catch (err) {
    refused(err, 'Comptes parents indisponibles. Réessayez.');
  }
}

/** Accepts, refuses or resets a member's adhesion (deciding their pending request, if any, and telling them), and sets their parent account. */
export async function updateMember(
  id: number,
  body: { adhesion?: 'accepted' | 'refused' | 'pending' | null; parent_id?: number | null; reason?: string },
  { client = api }: Via = {},
): Promise<boolean> {
  return changed(async () => {
    const updated = await callApi(accountSchema, 'Erreur lors de la mise à jour', `/api/admin/users/${id}`, {
      client,
      method: 'PUT',
      body,
    });
    const list = $members.get();
    if (list.status === 'ready')
      $members.set({
        status: 'ready',
        data: { ...list.data, users: list.data.users.map((m) => (m.id === id ? { ...updated, company: m.company } : m)) },
      });
    // The same confirmation as the membership queue's, whether the member had a request or not.
    return body.adhesion === 'accepted'
      ? `Adhésion de ${updated.name} acceptée.`
      : body.adhesion === 'refused'
        ? `Demande de ${updated.name} refusée.`
        : 'Adhésion enregistrée.';
  });
}

/** The overdue instalments (§6): one page, with the totals overall and per parent account. */
export const $overdue = atom<Loaded<OverdueList>>({ status: 'loading' });

/** Loads one page of the overdue instalments. */
export const loadOverdue = (page: number, { client = api }: Via = {}) =>
  afresh($overdue, () =>
    callApi(overdueListSchema, 'Erreur lors de la récupération des échéances en retard', '/api/admin/echeances/retard', {
      client,
      query: { page },
    }),
  );
