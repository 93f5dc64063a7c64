import { definePages, page } from '../../app/route-types';

/** The record engine's low-code platform (seed 2 §2.8) and the built-in ledgers' pages. Titles come from the menu and page declarations of the shared manifests. */
export const recordsPages = definePages([
  page('/low-code-platform/list-view', () => import('./low-code-pages'), 'ListViewPage'),
  page('/low-code-platform/list-view-record', () => import('./low-code-pages'), 'ListViewRecordPage'),
  page('/low-code-platform/form-detail', () => import('./low-code-pages'), 'FormDetailPage'),
  page('/low-code-platform/processLogs', () => import('./low-code-pages'), 'ProcessLogsPage'),
  page('/low-code-platform/flow-library', () => import('./flow-library-page'), 'FlowLibraryPage'),
  page('/low-code-platform/data-dictionary', () => import('./low-code-pages'), 'DataDictionaryPage'),
  page('/low-code-platform/ledger/:entity', () => import('./low-code-pages'), 'LedgerPage'),
  page('/systemConfig/WorkTypeConfig', () => import('./ledger-pages'), 'WorkTypeConfigPage'),
  page('/system/announcement', () => import('./ledger-pages'), 'AnnouncementPage'),
  page('/system/addAnnouncement', () => import('./ledger-pages'), 'AddAnnouncementPage'),
  page('/system/announcementDetail', () => import('./ledger-pages'), 'AnnouncementDetailPage'),
  page('/Notice/NoticeList', () => import('./ledger-pages'), 'NoticeListPage'),
  page('/SafeSign/SafeSignList', () => import('./ledger-pages'), 'SafeSignPage'),
  page('/SystesmManeges', () => import('./ledger-pages'), 'PositioningObjectPage'),
  page('/SystesmManeges/index', () => import('./ledger-pages'), 'PositioningObjectPage'),
  page('/SafeSign/SafeSignTypeList', () => import('./ledger-pages'), 'SafeSignTypePage'),
  page('/flowReview/approval', () => import('./flow-approval-page'), 'FlowApprovalPage'),
  page('/FlowAuthorization/FlowAuthorizationSearch', () => import('./flow-delegation-page'), 'FlowDelegationPage'),
]);
