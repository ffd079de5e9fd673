/** The numeric id of an `/admin/…/{id}` page's path, or null when it cannot be a row's id. */
export function routeId(raw: string | undefined): number | null {
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : 0;
  return id && id <= 2_147_483_647 ? id : null;
}
