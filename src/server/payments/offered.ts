/**
 * The providers the shop's settings turn on (§2 'En ligne'), read from an environment the way the server reads it, so
 * the build advertises on its static pages (footer badges) exactly what `main.ts` will take money with.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { providersIn, providersOn, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { loadEnv } from '../env.ts';

/** Where the build writes the providers its static pages name (beside `dist/.build-stamp`). */
export const BUILT_PROVIDERS_FILE = '.payment-providers';

/** The providers `source`'s settings turn on, Wave first; throws the server's own French message on a bad setting. */
export function providersOfEnvironment(source: Record<string, string | undefined> = process.env): PaymentProviderChoice[] {
  return providersOn(loadEnv(source));
}

/** The providers the build in `distDir` advertises; null for a build that did not say. */
export function builtProviders(distDir: string): PaymentProviderChoice[] | null {
  const file = join(distDir, BUILT_PROVIDERS_FILE);
  if (!existsSync(file)) return null;
  return providersIn(readFileSync(file, 'utf8').trim().split(','));
}
