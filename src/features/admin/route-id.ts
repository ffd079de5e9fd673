/** The id in the path of an `/admin/…/{id}` page, checked after the back-office guard. */
import type { AstroGlobal } from 'astro';
import { notFound, requireAdmin } from './RequireAdmin.ts';

/** The guard's answer (login, 404) or the page's id; an id that cannot be a row's is the shop's 404. */
export async function adminPageId(astro: AstroGlobal): Promise<Response | number> {
  const guard = await requireAdmin(astro);
  if (guard) return guard;
  const raw = astro.params.id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id && id <= 2_147_483_647 ? id : notFound();
}
