import type { PlantwatchServer } from '../../../../src/server/server.js';

/**
 * Moves every refresh-token rotation `ms` into the past, as if that much time
 * had gone by: a rotated token presented again is answered within the grace
 * window (REFRESH_REPEAT_GRACE_MS, 10 s) and is reuse after it.
 */
export async function ageRefreshRotations(server: PlantwatchServer, ms: number): Promise<void> {
  await server.store.db
    .updateTable('refresh_token')
    .set((eb) => ({ replaced_at: eb('replaced_at', '-', ms) }))
    .where('replaced_at', 'is not', null)
    .execute();
}
