import enAdmin from '@/locales/en/admin.json';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import enPublic from '@/locales/en/public.json';
import srAdmin from '@/locales/sr/admin.json';
import srAuth from '@/locales/sr/auth.json';
import srCommon from '@/locales/sr/common.json';
import srErrors from '@/locales/sr/errors.json';
import srPublic from '@/locales/sr/public.json';
import xkAdmin from '@/locales/xk/admin.json';
import xkAuth from '@/locales/xk/auth.json';
import xkCommon from '@/locales/xk/common.json';
import xkErrors from '@/locales/xk/errors.json';
import xkPublic from '@/locales/xk/public.json';
import type { Language } from './language';

/** English is the reference for the key types; the parity test keeps the other two in step. */
const en = { common: enCommon, auth: enAuth, errors: enErrors, public: enPublic, admin: enAdmin };
export type Namespace = keyof typeof en;
export type Resources = typeof en;

export const NAMESPACES = Object.keys(en) as Namespace[];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** Typed against English, so a key missing in xk or sr is also a compile error. */
export const resources: Record<Language, Resources> = {
  xk: { common: xkCommon, auth: xkAuth, errors: xkErrors, public: xkPublic, admin: xkAdmin },
  en,
  sr: { common: srCommon, auth: srAuth, errors: srErrors, public: srPublic, admin: srAdmin },
};
