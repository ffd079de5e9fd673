import { formatCount } from '../../domain/pagination.ts';

/** How many a paged list holds, as its status line says it: « 3 commandes », or « Plus de 1 000 commandes » when the server stopped counting. */
export const listed = ({ total, capped }: { total: number; capped: boolean }, one: string, several: string) =>
  capped ? `Plus de ${formatCount(total)} ${several}` : `${total} ${total > 1 ? several : one}`;

/** 'Précédent' and 'Suivant' under a back-office list, with the page out of how many. */
export function PageNav({
  page,
  limit,
  total,
  go,
  label = 'Pages',
  capped = false,
}: {
  page: number;
  limit: number;
  total: number;
  go: (page: number) => void;
  label?: string;
  /** More results than `total` (the server stopped counting): the last page is not known and « Suivant » stays open. */
  capped?: boolean;
}) {
  if (total <= limit) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-4 disabled:opacity-40"
      >
        Précédent
      </button>
      <span>
        {page} / {capped ? `plus de ${Math.ceil(total / limit)}` : Math.ceil(total / limit)}
      </span>
      <button
        type="button"
        disabled={!capped && page * limit >= total}
        onClick={() => go(page + 1)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-4 disabled:opacity-40"
      >
        Suivant
      </button>
    </nav>
  );
}
