import type { Substance } from '../../../shared/domain/substances.js';
import { definePort } from '../module.js';

/**
 * What other modules may read of major hazards: the one chemical catalogue
 * (issue 20; the substances with their CAS, storage classes, exposure limits
 * and MSDS) that chemicals and occupational health build on, never a copy.
 */
export interface MajorHazardPort {
  /** Every substance of the catalogue, in catalogue order. */
  catalogue(): readonly Substance[];
  /** A substance by its catalogue code or its CAS number; undefined when the catalogue has none. */
  substance(codeOrCas: string): Substance | undefined;
}

export const majorHazardPort = definePort<MajorHazardPort>('majorHazard');
