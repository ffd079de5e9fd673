/** Types of our own client directive (src/lib/interaction-directive.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** `true`, or words: `session`, `page`, `stored=<key>` (see the directive). */
    'client:interaction'?: boolean | string;
  }
}
