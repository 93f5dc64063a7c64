import { definePages, page } from '../../app/route-types';

/** The certificate register (issue 25 §4). */
export const certificatesPages = definePages([page('/Training/Certificate', () => import('./certificates-page'), 'CertificatesPage')]);
