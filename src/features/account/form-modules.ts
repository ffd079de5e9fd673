/** What the account forms need only once submitted (§5 schemas, the account store): loaded on the first submit so the screens' first view stays as light as a listing. */

/** The French line a form shows when those modules cannot be fetched (the network dropped). */
export const MODULES_UNREACHABLE = 'Connexion impossible. Vérifiez votre connexion et réessayez.';

/** The account schemas and store, or null when the network dropped before they arrived. */
export async function accountFormModules() {
  try {
    return await Promise.all([import('../../domain/account.ts'), import('./account.store.ts')]);
  } catch {
    return null;
  }
}
