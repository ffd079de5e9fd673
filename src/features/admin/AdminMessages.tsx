import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateTime } from '../../domain/dates.ts';
import type { FailedMessageView } from '../../domain/message-retry.ts';
import { CARD, SECONDARY } from './admin-ui.ts';
import { NotReady } from './AdminNotReady.tsx';
import { $failedMessages, loadFailedMessages, resendMessage } from './messages.store.ts';
import { useWrite } from './admin-write.ts';

const CHANNEL = { email: 'E-mail', sms: 'SMS' } as const;

/** One failed message: what, to whom, why, and « Renvoyer ». */
function FailedRow({ message }: { message: FailedMessageView }) {
  const { busy, run } = useWrite();
  const name = `${CHANNEL[message.channel]} à ${message.recipient}${message.subject ? ` : ${message.subject}` : ''}`;
  return (
    <li className={`${CARD} flex flex-wrap items-start justify-between gap-2`}>
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-words">{name}</p>
        <p className="text-sm text-slate-700">
          {message.attempts} essais, dernier le {formatDateTime(message.failed_at)} (créé le {formatDateTime(message.created_at)})
        </p>
        {message.last_error && <p className="text-sm break-words text-red-800">Dernière erreur : {message.last_error}</p>}
      </div>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void run(() => resendMessage(message.id))}
        className={SECONDARY}
      >
        {busy ? 'Envoi…' : 'Renvoyer'}
        <span className="sr-only"> {name}</span>
      </button>
    </li>
  );
}

/** Messages failed for good (§7 codes, confirmations, notices): each tried six times over about seven hours; « Renvoyer » queues it again. */
export default function AdminMessages() {
  const view = useStore($failedMessages);
  useEffect(() => void loadFailedMessages(), []);
  return (
    <div className="max-w-3xl space-y-4">
      <p className="text-slate-700">
        Les e-mails et SMS refusés par leur canal sont réessayés six fois en sept heures environ. Ceux qui n’ont pas pu partir sont listés
        ici pendant 30 jours : « Renvoyer » les remet en file d’envoi.
      </p>
      <NotReady view={view} loading="Chargement des messages…" />
      {view.status === 'ready' &&
        (view.data.length === 0 ? (
          <p className="text-slate-700">Aucun message en échec.</p>
        ) : (
          <ul className="space-y-2" aria-label="Messages en échec">
            {view.data.map((m) => (
              <FailedRow key={m.id} message={m} />
            ))}
          </ul>
        ))}
    </div>
  );
}
