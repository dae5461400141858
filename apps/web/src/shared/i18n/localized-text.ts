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

/** A dataset's name in the interface language, else its Albanian one (`name`). */
export const datasetNameIn = (dataset: Localized<'name'> & { name: string }, language: Language): string =>
  pickLocalized(dataset, 'name', language) ?? dataset.name;

/** The name of an asset's dataset in the interface language, else the one the server chose. */
export const assetDatasetNameIn = (asset: Localized<'datasetName'> & { datasetName: string }, language: Language) =>
  pickLocalized(asset, 'datasetName', language) ?? asset.datasetName;
