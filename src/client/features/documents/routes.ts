import { definePages, page } from '../../app/route-types';

/** Public links. The public page itself (/p/:token) is served outside the shell (app/router.tsx). */
export const documentsPages = definePages([page('/Document/PublicLinks', () => import('./public-links-page'), 'PublicLinksPage')]);
