import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { formatFCFA } from '../../domain/money.ts';
import { shopperPrice } from '../../domain/pricing.ts';
import { searchSource } from '../../domain/search-source.ts';
import { $listing } from './listing.store.ts';
import { productHref } from './links.ts';
import { $suggestions, $typedSearch, clearSuggestions, MIN_SEARCH, reportSearchTerm, suggest, warmSearch } from './search.store.ts';

interface Props {
  /** Listing the search goes to (the current promo listing, else /boutique). */
  action: string;
  /** Current search text. */
  value?: string;
  className?: string;
}

/** Typing pauses this long before suggestions are looked up (§9). */
const DEBOUNCE_MS = 300;
const LIST_ID = 'search-suggestions';
const REPORT_HEAD_START_MS = 500;
const SEARCH_FIELD_ID = 'header-search';

/** Header search bar with suggestions (ARIA combobox); without JavaScript it is a plain GET form. */
export default function SearchBox({ action, value = '', className = '' }: Props) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useStore($suggestions);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // What was typed before the island hydrated is taken up (suggestions included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration: `value` is the server's text and `onInput` only what to do with the early text.
  useEffect(() => {
    const field = root.current?.querySelector<HTMLInputElement>(`#${SEARCH_FIELD_ID}`);
    if (field && document.activeElement === field) onFocus();
    if (field && field.value !== value) onInput(field.value);
  }, []);
  // The listing's search can change elsewhere (Back, 'Effacer la recherche', before this box hydrated too): the field
  // follows unless being typed in.
  useEffect(() => {
    const follow = (listing: ReturnType<typeof $listing.get>) => {
      if (listing && document.activeElement?.id !== SEARCH_FIELD_ID) setText(listing.filters.search);
    };
    follow($listing.get());
    return $listing.listen(follow);
  }, []);

  const items = suggestions.status === 'done' ? suggestions.products : [];
  const showList = open && text.trim().length >= MIN_SEARCH && suggestions.status !== 'idle';

  const onInput = (next: string) => {
    setText(next);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    const term = next.trim();
    if (term.length === 0) clearSuggestions();
    // §5: the search runs once typing stops, with at least 2 characters or an empty field.
    if (term.length === 0 || term.length >= MIN_SEARCH) {
      timer.current = setTimeout(() => {
        if (term) void suggest(term);
        $typedSearch.set({ term, listing: action });
      }, DEBOUNCE_MS);
    }
  };
  // A shopper who taps the box is about to search: its client loads while they type, not after the pause.
  const onFocus = () => {
    setOpen(true);
    void warmSearch().catch(() => {});
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  // The report must leave before the page does; it is sent with keepalive, so a short head start is enough.
  const reportThenGo = (term: string, href: string) => {
    const head = new Promise((ok) => setTimeout(ok, REPORT_HEAD_START_MS));
    void Promise.race([reportSearchTerm(term, searchSource(action)), head]).then(() => location.assign(href));
  };
  const openProduct = (id: number) => reportThenGo(text, productHref(id));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      setOpen(true);
      // -1 is the field itself: the arrows cycle field → options → field.
      const n = items.length + 1;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => ((i + 1 + step + n) % n) - 1);
    } else if (e.key === 'Enter' && showList && active >= 0 && items[active]) {
      e.preventDefault();
      openProduct(items[active].id);
    } else if (e.key === 'Escape') {
      // Chrome clears a search field on Escape: the first Escape only closes the list, the next one clears.
      if (showList) {
        e.preventDefault();
        close();
      } else onInput('');
    }
  };
  const onSubmit = (e: FormEvent) => {
    const term = text.trim();
    if (!term) return;
    e.preventDefault();
    close();
    reportThenGo(term, `${action}?${new URLSearchParams({ search: term })}`);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the native element that submits the search (a plain GET without JavaScript); role=search on it is the ARIA search-landmark pattern, and a <search> wrapper would move the landmark off the form.
    <form
      ref={root}
      action={action}
      method="get"
      role="search"
      onSubmit={onSubmit}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) close();
      }}
      className={`relative flex w-full ${className}`}
    >
      <label htmlFor={SEARCH_FIELD_ID} className="sr-only">
        Rechercher un produit
      </label>
      <input
        id={SEARCH_FIELD_ID}
        type="search"
        name="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={LIST_ID}
        aria-activedescendant={showList && active >= 0 ? `${LIST_ID}-${active}` : undefined}
        value={text}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        placeholder="Rechercher un produit…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-700"
      />
      <button
        type="submit"
        aria-label="Rechercher"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-r-md bg-brand-700 px-3 text-white hover:bg-brand-800"
      >
        <Icon name="search" size={20} />
      </button>
      <div
        hidden={!showList}
        className="absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg"
      >
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: this list is the combobox's listbox, driven from the field (aria-activedescendant). */}
        <ul id={LIST_ID} role="listbox" aria-label="Suggestions">
          {items.map((p, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: in the combobox pattern the focus stays in the field; the arrows move aria-activedescendant over the options.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the field (arrows, Enter, Escape in onKeyDown); the click is the pointer's way to pick.
            <li
              key={p.id}
              id={`${LIST_ID}-${i}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: each suggestion is an option of the listbox.
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => openProduct(p.id)}
              className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 hover:bg-brand-50 aria-selected:bg-brand-100"
            >
              <span className="line-clamp-1">{p.name}</span>
              <span className="shrink-0 text-sm font-semibold text-brand-800">{formatFCFA(shopperPrice(p))}</span>
            </li>
          ))}
        </ul>
        <p role="status" className={items.length ? 'sr-only' : 'px-3 py-3 text-slate-700'}>
          {suggestions.status === 'loading' && !items.length
            ? 'Recherche…'
            : suggestions.status === 'error'
              ? 'La recherche a échoué. Réessayez.'
              : suggestions.status === 'done' && !items.length
                ? 'Aucun résultat trouvé'
                : `${items.length} suggestion${items.length > 1 ? 's' : ''}`}
        </p>
      </div>
    </form>
  );
}
