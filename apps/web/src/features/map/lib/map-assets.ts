import type { Dataset } from '@trashegimia/contract/datasets';
import type { Language } from '@/shared/i18n/language';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { assetColor, datasetColor } from '@/shared/map/asset-color';
import type { AssetPoint, DatasetPoints } from './map-data';

/** A point as the map draws it: coloured, and knowing its dataset's name (in the language) for the detail card. */
export type MapAsset = AssetPoint & { color: string; datasetName: string };

/**
 * Every chosen dataset's points in one list, newest first: red, orange or yellow by risk, the
 * dataset's colour when no risk was recorded (spec §9).
 */
export const toMapAssets = (
  datasets: Dataset[],
  loaded: (DatasetPoints | undefined)[],
  language: Language,
): MapAsset[] =>
  datasets
    .flatMap((dataset, index) => {
      const fallbackColor = datasetColor(dataset.pillColor);
      const datasetName = datasetNameIn(dataset, language);
      return (loaded[index]?.points ?? []).map((point) => ({
        ...point,
        color: assetColor(point, fallbackColor),
        datasetName,
      }));
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

/**
 * The datasets the slots name, in slot order, each once; an id no longer among the loaded
 * datasets is ignored.
 */
export const chosenDatasets = (slots: (number | null)[], datasets: Dataset[]): Dataset[] => {
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const seen = new Set<number>();
  return slots.flatMap((id) => {
    const dataset = id === null ? undefined : byId.get(id);
    if (!dataset || seen.has(dataset.id)) return [];
    seen.add(dataset.id);
    return [dataset];
  });
};
