import type { Language } from './language';
import type { en } from './locale-en';

/** English is the reference for the key types; the parity test keeps the other two in step. */
export type Resources = typeof en;
export type Namespace = keyof Resources;

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/**
 * Each language's texts are a chunk of their own, fetched when that language is chosen: a visitor
 * downloads one language before the first paint instead of all three.
 */
export const loadResources: Record<Language, () => Promise<Resources>> = {
  xk: () => import('./locale-xk').then((module) => module.xk),
  en: () => import('./locale-en').then((module) => module.en),
  sr: () => import('./locale-sr').then((module) => module.sr),
};
