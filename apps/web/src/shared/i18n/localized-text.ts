import { localize } from '@trashegimia/contract/localized-text';
import type { Language } from './language';

type Localized<Name extends string> = Partial<Record<Name | `${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>>;

/**
 * A text the server keeps in three columns (`titleXk`, `titleEn`, `titleSr`), picked for the
 * interface language by the contract's rule, else the one the server chose for the request (when
 * only that came). Picking on the page means a language switch needs no new request.
 */
export const pickLocalized = <Name extends string>(
  record: Localized<Name>,
  name: Name,
  language: Language,
): string | null => {
  const picked = localize(record, name, language);
  if (picked !== null) return picked;
  const chosen = record[name];
  return chosen?.trim() ? chosen : null;
};
