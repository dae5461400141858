import xkAdmin from '@/locales/xk/admin.json';
import xkAnalytics from '@/locales/xk/analytics.json';
import xkAssetsAdmin from '@/locales/xk/assets-admin.json';
import xkArchive from '@/locales/xk/archive.json';
import xkAuth from '@/locales/xk/auth.json';
import xkCollect from '@/locales/xk/collect.json';
import xkCommon from '@/locales/xk/common.json';
import xkDatasetsAdmin from '@/locales/xk/datasets-admin.json';
import xkDevices from '@/locales/xk/devices.json';
import xkDocumentation from '@/locales/xk/documentation.json';
import xkErrors from '@/locales/xk/errors.json';
import xkGuidelinesAdmin from '@/locales/xk/guidelines-admin.json';
import xkImports from '@/locales/xk/imports.json';
import xkMap from '@/locales/xk/map.json';
import xkMedia from '@/locales/xk/media.json';
import xkPublic from '@/locales/xk/public.json';
import xkQuestionLibrary from '@/locales/xk/question-library.json';
import xkSurveys from '@/locales/xk/surveys.json';
import xkUsers from '@/locales/xk/users.json';
import xkAccessRequests from '@/locales/xk/access-requests.json';
import type { Resources } from './resources';

/** The Albanian texts; typed against English, so a missing key is a compile error. */
export const xk: Resources = {
  common: xkCommon,
  auth: xkAuth,
  errors: xkErrors,
  public: xkPublic,
  admin: xkAdmin,
  analytics: xkAnalytics,
  map: xkMap,
  archive: xkArchive,
  media: xkMedia,
  documentation: xkDocumentation,
  surveys: xkSurveys,
  questionLibrary: xkQuestionLibrary,
  devices: xkDevices,
  datasetsAdmin: xkDatasetsAdmin,
  users: xkUsers,
  accessRequests: xkAccessRequests,
  guidelinesAdmin: xkGuidelinesAdmin,
  assetsAdmin: xkAssetsAdmin,
  collect: xkCollect,
  imports: xkImports,
};
