/** Messages failed for good (§7 codes, confirmations, notices) in the back office: the list and « Renvoyer »; the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { failedMessageSchema, type FailedMessageView } from '../../domain/message-retry.ts';
import { api, callApi } from '../../lib/api.ts';
import { kept, written, type Loaded, type Via } from './admin.store.ts';

/** The messages given up after their last attempt, newest first. */
export const $failedMessages = atom<Loaded<FailedMessageView[]>>({ status: 'loading' });

const PATH = '/api/admin/messages';

/** Loads (or reloads, keeping what is shown) the list. */
export const loadFailedMessages = ({ client = api }: Via = {}) =>
  kept($failedMessages, () =>
    callApi(z.array(failedMessageSchema), 'Erreur lors de la récupération des messages en échec', PATH, { client }),
  );

/** Queues a failed message again; null when done, else the server's French reason (also toasted). */
export const resendMessage = (id: number, { client = api }: Via = {}) =>
  written(
    'Message remis en file d’envoi.',
    () => callApi(z.unknown(), 'Erreur lors du renvoi du message', `${PATH}/${id}/renvoyer`, { client, method: 'POST' }),
    () => loadFailedMessages({ client }),
  );
