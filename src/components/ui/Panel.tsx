import type { ReactNode } from 'react';

/** A titled part of a screen: a section named by its heading. */
export function Panel({
  id,
  title,
  className,
  heading = 'text-lg font-bold',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
