/**
 * Every page URL of the app, in one place. `path` is the router pattern; `getHref` builds a link.
 */
const staticPath = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  login: {
    path: '/login',
    /** The login page, remembering where the visitor wanted to go. */
    getHref: (redirectTo?: string | null) =>
      redirectTo && redirectTo !== '/' ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  /** Someone without an account asks for one; an administrator decides. */
  requestAccess: staticPath('/request-access'),
  home: staticPath('/'),
  about: staticPath('/about'),
  data: staticPath('/data'),
  dataset: {
    path: '/data/:categoryId',
    getHref: (categoryId: string | number) => `/data/${encodeURIComponent(String(categoryId))}`,
  },
  /** One asset's own page, to share, bookmark and cite; a page the public may not see is a 404. */
  asset: {
    path: '/assets/:id',
    getHref: (id: string) => `/assets/${encodeURIComponent(id)}`,
  },
  analytics: staticPath('/analytics'),
  map: staticPath('/map'),
  archive: staticPath('/archive'),
  documentation: staticPath('/dokumentacioni'),
  docs: staticPath('/docs'),
  /** One's own password (docs/decisions/0016-users-api.md). */
  ownPassword: staticPath('/account/password'),
  /** The field collector: fill in surveys on site, offline too (accounts, not guests). */
  collect: staticPath('/collect'),

  admin: {
    surveys: staticPath('/admin/surveys'),
    surveyNew: staticPath('/admin/surveys/new'),
    survey: {
      path: '/admin/surveys/:id',
      getHref: (id: string | number) => `/admin/surveys/${encodeURIComponent(String(id))}`,
    },
    assets: staticPath('/admin/surveys/assets'),
    asset: {
      path: '/admin/surveys/assets/:id',
      getHref: (id: string) => `/admin/surveys/assets/${encodeURIComponent(id)}`,
    },
    assetMedia: {
      path: '/admin/surveys/assets/:id/media',
      getHref: (id: string) => `/admin/surveys/assets/${encodeURIComponent(id)}/media`,
    },
    /** Bulk import of a spreadsheet into a survey and dataset. */
    imports: staticPath('/admin/imports'),
    questionLibrary: staticPath('/admin/questions/library'),
    devices: staticPath('/admin/devices'),
    users: staticPath('/admin/users'),
    accessRequests: staticPath('/admin/access-requests'),
    datasets: staticPath('/admin/datasets'),
    guidelines: staticPath('/admin/guidelines'),
    formsDocuments: staticPath('/admin/formularet/dokumentet'),
    formsDevices: staticPath('/admin/formularet/pajisjet'),
    formsDevice: staticPath('/admin/formularet/device'),
    formsList: staticPath('/admin/formularet/lista-formulareve'),
  },
  /** Spec routes outside /admin that show back-office screens; guarded as admin (docs/decisions/0012). */
  formsDevices: staticPath('/formularet/pajisjet'),
  formsList: staticPath('/formularet/lista-formulareve'),
} as const;

/**
 * A return location is followed only when it is a path on this site ("/…", not "//host" or a URL),
 * so a crafted login link cannot send the user elsewhere.
 */
export const safeRedirectTarget = (value: string | null | undefined): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home.path;
  if (value === paths.login.path || value.startsWith(`${paths.login.path}?`)) return paths.home.path;
  return value;
};
