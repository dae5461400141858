import enAdmin from '@/locales/en/admin.json';
import enAnalytics from '@/locales/en/analytics.json';
import enAssetsAdmin from '@/locales/en/assets-admin.json';
import enArchive from '@/locales/en/archive.json';
import enAuth from '@/locales/en/auth.json';
import enCollect from '@/locales/en/collect.json';
import enCommon from '@/locales/en/common.json';
import enDatasetsAdmin from '@/locales/en/datasets-admin.json';
import enDevices from '@/locales/en/devices.json';
import enDocumentation from '@/locales/en/documentation.json';
import enErrors from '@/locales/en/errors.json';
import enGuidelinesAdmin from '@/locales/en/guidelines-admin.json';
import enImports from '@/locales/en/imports.json';
import enMap from '@/locales/en/map.json';
import enMedia from '@/locales/en/media.json';
import enPublic from '@/locales/en/public.json';
import enQuestionLibrary from '@/locales/en/question-library.json';
import enSurveys from '@/locales/en/surveys.json';
import enUsers from '@/locales/en/users.json';
import enAccessRequests from '@/locales/en/access-requests.json';

/** The English texts, the reference for every key's type (see resources.ts). */
export const en = {
  common: enCommon,
  auth: enAuth,
  errors: enErrors,
  public: enPublic,
  admin: enAdmin,
  analytics: enAnalytics,
  map: enMap,
  archive: enArchive,
  media: enMedia,
  documentation: enDocumentation,
  surveys: enSurveys,
  questionLibrary: enQuestionLibrary,
  devices: enDevices,
  datasetsAdmin: enDatasetsAdmin,
  users: enUsers,
  accessRequests: enAccessRequests,
  guidelinesAdmin: enGuidelinesAdmin,
  assetsAdmin: enAssetsAdmin,
  collect: enCollect,
  imports: enImports,
};
