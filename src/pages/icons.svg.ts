/** `/icons.svg`: the icon sprite, written at build time (see components/ui/sprite.ts). */
import { spriteSvg } from '../components/ui/sprite.ts';

export function GET(): Response {
  return new Response(spriteSvg(), { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}
