import { definePort } from '../module.js';
import type { HiddenDangersService } from './hidden-dangers.service.js';

/** What other modules may ask of hidden dangers: `report` one (an abnormal inspection reading opens one, the inspector as finder); the `facts` the performance board counts. */
export type HiddenDangersPort = Pick<HiddenDangersService, 'report' | 'facts'>;
export type { DangerBoardFact, ReportInput } from './hidden-dangers.service.js';

export const hiddenDangersPort = definePort<HiddenDangersPort>('hiddenDangers');
