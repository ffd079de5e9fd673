/** zod for the domain schemas, set up once: no JIT, because the page CSP forbids eval (zod would try it and report a violation). */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
