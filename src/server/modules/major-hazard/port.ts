import type { Substance } from '../../../shared/domain/substances.js';
import type { HazardEquipment } from '../../../shared/major-hazard/contracts.js';
import { definePort } from '../module.js';

/**
 * What other modules may read of major hazards: the one chemical catalogue
 * (issue 20; the substances with their CAS, storage classes, exposure limits
 * and MSDS) that chemicals and occupational health build on, never a copy.
 */
/** Current stock (t) of each substance by CAS, per storage unit (its record id), of the units asked for; units without stock are left out. */
export type UnitStock = (unitIds: readonly number[]) => Promise<ReadonlyMap<number, readonly { cas: string; quantity: number }[]>>;

export interface MajorHazardPort {
  /** Every substance of the catalogue, in catalogue order. */
  catalogue(): readonly Substance[];
  /** A substance by its catalogue code or its CAS number; undefined when the catalogue has none. */
  substance(codeOrCas: string): Substance | undefined;
  /**
   * Adds where a storage unit's current stock comes from (chemicals: the stores
   * bound to the unit); the identification shows it beside each design maximum q.
   */
  addUnitStock(source: UnitStock): void;
  /**
   * The emergency shutdown (ESD) status tags bound to the register's devices,
   * each once: a trip of one suspends the permit work near it (issue 25 §5).
   */
  esdTags(): Promise<ReadonlySet<string>>;
  /**
   * Devices of the register by code (every device when `codes` is absent), with their unit and its
   * kept grade: what the 3D model binds a node to. Not isolated: the caller checks `regionid`.
   */
  equipment(codes?: readonly string[]): Promise<HazardEquipment[]>;
}

export const majorHazardPort = definePort<MajorHazardPort>('majorHazard');
