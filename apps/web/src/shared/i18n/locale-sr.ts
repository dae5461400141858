import srAdmin from '@/locales/sr/admin.json';
import srAnalytics from '@/locales/sr/analytics.json';
import srAssetsAdmin from '@/locales/sr/assets-admin.json';
import srArchive from '@/locales/sr/archive.json';
import srAuth from '@/locales/sr/auth.json';
import srCollect from '@/locales/sr/collect.json';
import srCommon from '@/locales/sr/common.json';
import srDatasetsAdmin from '@/locales/sr/datasets-admin.json';
import srDevices from '@/locales/sr/devices.json';
import srDocumentation from '@/locales/sr/documentation.json';
import srErrors from '@/locales/sr/errors.json';
import srGuidelinesAdmin from '@/locales/sr/guidelines-admin.json';
import srImports from '@/locales/sr/imports.json';
import srMap from '@/locales/sr/map.json';
import srMedia from '@/locales/sr/media.json';
import srPublic from '@/locales/sr/public.json';
import srQuestionLibrary from '@/locales/sr/question-library.json';
import srSurveys from '@/locales/sr/surveys.json';
import srUsers from '@/locales/sr/users.json';
import srAccessRequests from '@/locales/sr/access-requests.json';
import type { Resources } from './resources';

/** The Serbian (Latin script) texts; typed against English, so a missing key is a compile error. */
export const sr: Resources = {
  common: srCommon,
  auth: srAuth,
  errors: srErrors,
  public: srPublic,
  admin: srAdmin,
  analytics: srAnalytics,
  map: srMap,
  archive: srArchive,
  media: srMedia,
  documentation: srDocumentation,
  surveys: srSurveys,
  questionLibrary: srQuestionLibrary,
  devices: srDevices,
  datasetsAdmin: srDatasetsAdmin,
  users: srUsers,
  accessRequests: srAccessRequests,
  guidelinesAdmin: srGuidelinesAdmin,
  assetsAdmin: srAssetsAdmin,
  collect: srCollect,
  imports: srImports,
};
