import type { HazardEquipment } from '../../../shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import type { RecordsPort } from '../records/port.js';
import type { IdentificationRepository } from './identification.repository.js';
import { boundTags } from './tag-class.js';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The register's devices as other views bind them (the 3D model's node → equipment, issue 23):
 * each device with its unit and the unit's kept grade, read from the record engine and the kept
 * identification (never re-computed here).
 */
export function createEquipmentLookup(deps: { records: Pick<RecordsPort, 'allRecords'>; identification: Pick<IdentificationRepository, 'all'> }) {
  return async (codes?: readonly string[]): Promise<HazardEquipment[]> => {
    const wanted = codes ? new Set(codes) : null;
    const devices = (await deps.records.allRecords(dangerSourceDeviceLedger)).filter((d) => !wanted || wanted.has(text(d.code)));
    if (devices.length === 0) {
      return [];
    }
    const [units, kept] = await Promise.all([deps.records.allRecords(dangerSourceLedger), deps.identification.all()]);
    const unitById = new Map(units.map((u) => [u.id, u]));
    const gradeOf = new Map(kept.map((r) => [r.unit_id, r]));
    const out: HazardEquipment[] = [];
    for (const d of devices) {
      const unitId = num(d.source);
      const unit = unitId === null ? undefined : unitById.get(unitId);
      if (!unit) {
        continue;
      }
      const g = gradeOf.get(unit.id);
      out.push({
        id: d.id,
        code: text(d.code),
        name: text(d.name),
        type: text(d.type),
        medium: text(d.medium),
        capacity: num(d.capacity),
        regionid: d.regionid,
        unit: { id: unit.id, code: text(unit.code), name: text(unit.name), isMajor: Boolean(g?.is_major), grade: g?.grade ?? null },
        tags: boundTags([d]),
      });
    }
    return out.sort((a, b) => a.code.localeCompare(b.code));
  };
}
