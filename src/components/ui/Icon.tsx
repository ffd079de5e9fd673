import { ICONS, type IconName } from './icons.ts';

/** The one SVG frame of every icon: a 24×24 stroked path, decorative (the surrounding control carries the name). */
export function SvgIcon({ d, size = 24, className }: { d: string; size?: number; className?: string }) {
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
      <path d={d} />
    </svg>
  );
}

/** An icon for islands (.astro pages use PageIcon.astro, whose drawings never ship to the browser). */
export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <SvgIcon d={ICONS[name]} size={size} className={className} />;
}
