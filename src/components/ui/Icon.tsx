import { ICONS, type IconName } from './icons.ts';

/** A decorative inline SVG icon for islands (.astro pages use PageIcon.astro); the surrounding control carries the accessible name. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
