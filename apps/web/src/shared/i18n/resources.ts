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
import type { Language } from './language';

/** English is the reference for the key types; the parity test keeps the other two in step. */
const en = {
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
  guidelinesAdmin: enGuidelinesAdmin,
  assetsAdmin: enAssetsAdmin,
  collect: enCollect,
  imports: enImports,
};
export type Namespace = keyof typeof en;
export type Resources = typeof en;

export const NAMESPACES = Object.keys(en) as Namespace[];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** Typed against English, so a key missing in xk or sr is also a compile error. */
export const resources: Record<Language, Resources> = {
  xk: {
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
    guidelinesAdmin: xkGuidelinesAdmin,
    assetsAdmin: xkAssetsAdmin,
    collect: xkCollect,
    imports: xkImports,
  },
  en,
  sr: {
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
    guidelinesAdmin: srGuidelinesAdmin,
    assetsAdmin: srAssetsAdmin,
    collect: srCollect,
    imports: srImports,
  },
};
