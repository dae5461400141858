// Read by vite.config.ts at build time as well: relative imports only, no aliases, no React.
import { paths } from '../shared/config/paths.ts';

/**
 * The screen module each public page opens (as routes.tsx lazily imports it), by router pattern.
 * The build lists every page's chunks in dist/.vite/page-preloads.json and the server names them
 * in the page as modulepreload links, so the screen arrives with the entry instead of after it.
 */
export const PAGE_SCREENS: Record<string, string> = {
  [paths.home.path]: 'src/features/home/routes/home-route.tsx',
  [paths.about.path]: 'src/features/about/routes/about-route.tsx',
  [paths.data.path]: 'src/features/data/routes/data-categories-route.tsx',
  [paths.dataset.path]: 'src/features/data/routes/dataset-detail-route.tsx',
  [paths.asset.path]: 'src/features/data/routes/asset-route.tsx',
  [paths.analytics.path]: 'src/features/analytics/routes/analytics-route.tsx',
  [paths.map.path]: 'src/features/map/routes/map-route.tsx',
  [paths.archive.path]: 'src/features/archive/routes/archive-route.tsx',
  [paths.documentation.path]: 'src/features/guidelines/routes/documentation-route.tsx',
  [paths.docs.path]: 'src/features/docs/routes/docs-route.tsx',
  [paths.login.path]: 'src/features/auth/routes/login-route.tsx',
  [paths.requestAccess.path]: 'src/features/auth/routes/request-access-route.tsx',
};

/** Each language's texts (i18n/resources.ts loads the visitor's one before the first render). */
export const LANGUAGE_TEXTS: Record<string, string> = {
  xk: 'src/shared/i18n/locale-xk.ts',
  en: 'src/shared/i18n/locale-en.ts',
  sr: 'src/shared/i18n/locale-sr.ts',
};

/** dist/.vite/page-preloads.json: the files (under dist) each page and each language adds to the entry's. */
export type PagePreloads = {
  pages: Record<string, string[]>;
  languages: Record<string, string[]>;
};
