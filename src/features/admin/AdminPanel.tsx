import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Panel as SectionPanel } from '../../components/ui/Panel.tsx';
import { BIG_BUTTON, BOX } from './admin-ui.ts';

/** A titled part of a back-office screen: a section named by its heading, a card unless told otherwise. */
export const Panel = ({ className = BOX, ...rest }: ComponentProps<typeof SectionPanel>) => (
  <SectionPanel className={className} {...rest} />
);

/** An act that cannot be undone (cancel an order, delete a product): `ask` opens the question `id`, then « `yes` » or « Non »; it closes once a run of the screen (`busy`) ends. */
export function AskFirst({
  id,
  ask,
  question,
  details,
  yes,
  busy,
  onYes,
}: {
  id: string;
  ask: string;
  question: ReactNode;
  details?: ReactNode;
  yes: string;
  busy: boolean;
  onYes: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!busy) setAsking(false);
  }, [busy]);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} className={`${BIG_BUTTON} w-full border border-red-300 text-red-700`}>
        {ask}
      </button>
    );
  return (
    <fieldset
      aria-labelledby={id}
      aria-describedby={details ? `${id}-details` : undefined}
      className="min-w-0 space-y-2 rounded-md bg-red-50 p-3"
    >
      <p id={id} className="font-semibold text-red-900">
        {question}
      </p>
      {details && (
        <p id={`${id}-details`} className="text-sm text-red-900">
          {details}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" disabled={busy} onClick={() => void onYes()} className={`${BIG_BUTTON} flex-1 bg-red-700 text-white`}>
          {yes}
        </button>
        <button type="button" onClick={() => setAsking(false)} className={`${BIG_BUTTON} flex-1 border border-slate-300 bg-white`}>
          Non
        </button>
      </div>
    </fieldset>
  );
}
