import type * as Catalog from '../../shared/messages/catalog';

/*
 * The whole message catalog (every area's messages) is loaded after the first
 * paint, not with the sign-in page: until it is here, an error shows the text
 * the server rendered in the request's language; after, the browser renders it
 * again in the user's current language.
 */
let catalog: typeof Catalog | null = null;
let loading: Promise<typeof Catalog> | null = null;

export function loadMessageCatalog(): Promise<typeof Catalog> {
  loading ??= import('../../shared/messages/catalog').then((m) => (catalog = m));
  return loading;
}

/** The catalog once loaded; null before. */
export const messageCatalog = (): typeof Catalog | null => catalog;
