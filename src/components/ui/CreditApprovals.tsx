import { approvalLines, approvalStanding, type Approvals } from '../../domain/credit-approval.ts';

/** §6: where a credit order's approvals stand, for its member ('Validée par la boutique le …', 'En attente de votre compte parent'); nothing for another order. */
export function CreditApprovals({ credit }: { credit: Approvals | null }) {
  if (!credit) return null;
  const refused = approvalStanding(credit) === 'refused';
  return (
    <section aria-labelledby="validations" className="space-y-1">
      <h3 id="validations" className="font-medium text-slate-800">
        Validation du crédit
      </h3>
      <ul data-testid="credit-approvals" className={`space-y-1 text-sm ${refused ? 'text-red-800' : 'text-slate-700'}`}>
        {approvalLines(credit).map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden="true">{line.startsWith('Validée') ? '✓' : refused ? '✕' : '…'}</span>
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
