/** « Réessayer » under a read that failed (§1: a dropped request is never a dead end): asks again on tap. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 px-4 font-semibold text-brand-700"
    >
      Réessayer
    </button>
  );
}
