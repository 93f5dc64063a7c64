import { definePort } from '../module.js';
import type { OrgService } from './org.service.js';

/** What other modules may ask of the organisation: users' scopes and access, departments and regions, menus. */
export type OrgPort = OrgService;
export type { UserAccess, UserScope } from './org.service.js';

export const orgPort = definePort<OrgPort>('org');
