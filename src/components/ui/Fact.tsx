import type { ReactNode } from 'react';

/** One term of a `<dl>` and what it says: an order's delivery and payment, an account's standing. */
export function Fact({ term, children, className = 'font-medium' }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
