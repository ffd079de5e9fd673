/** Types of our own client directive (src/lib/interaction-directive.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
