import type { FormEvent, ReactNode } from 'react';

const INPUT = 'block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2';

/** A back-office list's filters (kept in the URL): a search landmark named `label`, its words first, redrawn when the filters change (`formKey`). */
export function FilterForm({
  label,
  words,
  q,
  onSubmit,
  formKey,
  children,
}: {
  label: string;
  words: string;
  q: string | undefined;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  formKey: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the native element that submits the filters; role=search on it is the ARIA search-landmark pattern, and a <search> wrapper would move the landmark and its name off the form.
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      key={formKey}
      className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4"
    >
      <label className="col-span-2 block text-sm font-medium">
        {words}
        <input name="q" type="search" defaultValue={q ?? ''} className={INPUT} />
      </label>
      {children}
    </form>
  );
}

/** One filter of a list: a select whose empty choice (`all`) leaves it out. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  all = 'Tous',
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: ReadonlyArray<readonly [string | number, string]>;
  all?: string;
}) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ''} className={INPUT}>
        <option value="">{all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter of dates: `name` of the query, a day picked. */
export function FilterDate({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input name={name} type="date" defaultValue={value ?? ''} className={INPUT} />
    </label>
  );
}
