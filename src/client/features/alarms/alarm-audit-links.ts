/** The alarm audit (seed 3's spelling, alarmAduit) and its detail page of one alarm. */
export const AUDIT_PAGE = '/alarmAduit/alarmAduit';
export const AUDIT_DETAIL_PAGE = '/alarmAduit/alarmAduitDetail';

/** The detail page of one alarm (its key: `tag:<tagId>:<type>`, or a raised alarm's) over a window. */
export const auditDetailPath = (alarmKey: string, from: number, to: number): string =>
  `${AUDIT_DETAIL_PAGE}?${new URLSearchParams({ alarmKey, from: String(from), to: String(to) }).toString()}`;
