/**
 * Einsatzorte (docs/PRODUCT-RULES.md §28.1): the locations an employee works at. An empty list means every
 * location, so a new location needs no edit of anyone.
 */
export function worksAtLocation(locationIds: readonly number[], locationId: number): boolean {
  return locationIds.length === 0 || locationIds.includes(locationId);
}

/** At most this many Einsatzorte per employee (far more than a small business has locations). */
export const MAX_EMPLOYEE_LOCATIONS = 200;
