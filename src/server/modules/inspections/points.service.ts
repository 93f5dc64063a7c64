import type { nfcBind, PointItem, pointInput, pointList } from '../../../shared/inspections/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { json, pointOf, type In, type InspectionsContext } from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

/** Inspection points: a device or place with its position, QR code, NFC card and check items. */
export function createPointsService(ctx: InspectionsContext) {
  const { db, repo, now, scopeOf, sees } = ctx;

  /** Refuses a QR code or NFC card id another point already uses. */
  async function checkKeys(id: number | undefined, qr: string, nfc: string | null): Promise<void> {
    const clash = await repo.pointsWithKeys([qr, nfc ?? ''].filter((k) => k !== ''));
    for (const c of clash.filter((c) => c.id !== id)) {
      if (qr && c.qr_code === qr) {
        throw conflict('inspections.plan.qrTaken', ['qrCode']);
      }
      if (nfc && c.nfc_id === nfc) {
        throw conflict('inspections.plan.nfcTaken', ['nfcId']);
      }
    }
  }

  return {
    points: async (caller: AuthUser, input: In<(typeof pointList)['input']>): Promise<PointItem[]> => {
      const scope = await scopeOf(caller);
      const rows = await repo.points(input.regionid);
      return rows.filter((r) => sees(scope, r.regionid) && (!input.name || r.name.includes(input.name))).map(pointOf);
    },

    savePoint: async (caller: AuthUser, input: In<typeof pointInput>): Promise<PointItem> => {
      const scope = await scopeOf(caller);
      if (!sees(scope, input.regionid)) {
        throw badRequest('common.forbidden', ['regionid']);
      }
      if (input.id) {
        const old = await repo.point(input.id);
        if (!old || !sees(scope, old.regionid)) {
          throw notFound();
        }
      }
      const qr = input.qrCode;
      const nfc = input.nfcId || null;
      await checkKeys(input.id, qr, nfc);
      return inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        const values = {
          name: input.name,
          kind: input.kind,
          device: input.device,
          regionid: input.regionid,
          lon: input.lon,
          lat: input.lat,
          radius_m: input.radiusM,
          nfc_id: nfc,
          items: JSON.stringify(input.items),
          updated_at: now(),
        };
        let id = input.id;
        if (id) {
          await r.updatePoint(id, values);
        } else {
          // A unique placeholder until the id is known; the label text is then the point's own.
          id = await r.insertPoint({ ...values, qr_code: qr || `tmp-${now()}-${Math.random()}` });
        }
        await r.updatePoint(id, { qr_code: qr || `PW-INSP-${id}` });
        const saved = (await r.point(id))!;
        await audit(tx, caller, 'inspection.pointSave', 'inspectionPoint', id, {
          name: saved.name,
          qrCode: saved.qr_code,
          nfcId: saved.nfc_id,
        });
        return pointOf(saved);
      });
    },

    deletePoint: async (caller: AuthUser, id: number): Promise<{ id: number }> => {
      const scope = await scopeOf(caller);
      const row = await repo.point(id);
      if (!row || !sees(scope, row.regionid)) {
        throw notFound();
      }
      const using = (await repo.planNamesAndPoints()).filter((p) => json<number[]>(p.point_ids, []).includes(id));
      if (using.length > 0) {
        throw conflict('inspections.plan.pointInUse', ['id'], { plans: using.map((p) => p.name).join('、') });
      }
      await inTransaction(db, async (tx) => {
        await createInspectionsRepository(tx).deletePoint(id);
        await audit(tx, caller, 'inspection.pointDelete', 'inspectionPoint', id, { name: row.name });
      });
      return { id };
    },

    bindNfc: async (caller: AuthUser, input: In<(typeof nfcBind)['input']>): Promise<PointItem> => {
      const scope = await scopeOf(caller);
      const row = await repo.point(input.pointId);
      if (!row || !sees(scope, row.regionid)) {
        throw notFound('inspections.plan.unknownPoint');
      }
      const nfc = input.nfcId || null;
      if (nfc && (await repo.pointByNfc(nfc, row.id))) {
        throw conflict('inspections.plan.nfcTaken', ['nfcId']);
      }
      return inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        await r.updatePoint(row.id, { nfc_id: nfc, updated_at: now() });
        await audit(tx, caller, 'inspection.nfcBind', 'inspectionPoint', row.id, { from: row.nfc_id, to: nfc });
        return pointOf((await r.point(row.id))!);
      });
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
