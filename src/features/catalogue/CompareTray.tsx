import { MAX_COMPARE } from '../../domain/compare.ts';
import { $compareCount } from './compare-count.store.ts';
import { useMountedStore } from './use-mounted-store.ts';

/** Floating link to the comparison once a product is added to it. */
export default function CompareTray() {
  // The count lives in browser storage: the server rendered no tray, so the first client render draws none either.
  const count = useMountedStore($compareCount, 0);
  if (count === 0) return null;
  return (
    <a
      href="/products-compaire"
      className="fixed right-4 bottom-4 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-900 px-5 font-bold text-white shadow-lg hover:bg-brand-800"
    >
      Comparer ({count}/{MAX_COMPARE})
    </a>
  );
}
