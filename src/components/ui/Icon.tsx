import type { IconName } from './icons.ts';
import type { PageIconName } from './page-icons.ts';

// Set by astro.config.mjs from the sprite's content (sprite.ts); the drawings themselves never ship in scripts.
const SPRITE = `/icons.svg?v=${import.meta.env.ICON_SPRITE_VERSION ?? ''}`;

/** The one SVG frame of every icon: a symbol of the cached sprite, decorative (the surrounding control carries the name). */
export function SvgIcon({ name, size = 24, className }: { name: PageIconName; size?: number; className?: string }) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}

/** An icon for islands (.astro pages use PageIcon.astro, which may draw the icons only pages use). */
export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <SvgIcon name={name} size={size} className={className} />;
}
