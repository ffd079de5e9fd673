/**
 * zod/mini for every domain schema, set up once: the same validator as full zod with its methods as functions, so the
 * browser bundles only what the schemas use. Import it as a namespace (`import * as z`), never as a value, so unused
 * parts (locales, JSON Schema) stay out. No JIT: the page CSP forbids eval (zod would try it and report a violation).
 */
import { config } from 'zod/mini';

config({ jitless: true });

export * from 'zod/mini';

/** The params of a strict object whose unknown keys are refused in French, naming them (§7 bodies). */
export const unknownKeys = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys?.join(', ')}.` : undefined,
};
