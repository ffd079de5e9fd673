import { formatDateTime } from '../../domain/dates.ts';
import type { AuditEntry } from './admin.store.ts';
import { Panel } from './AdminPanel.tsx';
import { PANEL } from './admin-ui.ts';

/** How a journal names actions, fields and values. */
export interface JournalWords {
  actions: Record<string, string>;
  field: (field: string) => string;
  value: (field: string, value: unknown) => string;
}

/** One change of the journal, e.g. "Prix : 25 000 F CFA → 26 000 F CFA". */
const describeChange = (words: JournalWords, field: string, change: unknown) => {
  const [before, after] = Array.isArray(change) ? change : [undefined, change];
  return `${words.field(field)} : ${words.value(field, before)} → ${words.value(field, after)}`;
};

/** The audit log of one order or product: when, who, what, and each change. */
export function AuditJournal({ entries, words }: { entries: readonly AuditEntry[]; words: JournalWords }) {
  return (
    <Panel id="journal" title="Journal" className={`${PANEL} print:hidden`} heading="mb-2 text-lg font-bold">
      {entries.length === 0 ? (
        <p className="text-slate-600">Aucune modification.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a journal entry has no id (two may share their time and author) and this read-only list is drawn once.
            <li key={i}>
              <span className="text-slate-600">
                {formatDateTime(e.at)} · {e.user?.name ?? 'compte supprimé'}
              </span>
              <br />
              {words.actions[e.action] ?? e.action} :{' '}
              {Object.entries(e.changes)
                .map(([k, v]) => describeChange(words, k, v))
                .join(', ')}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
