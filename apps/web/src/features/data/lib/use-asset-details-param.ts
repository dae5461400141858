import type { AssetSummary } from '@trashegimia/contract/assets';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DATASET_PARAM } from './dataset-params';

/** The history state of an entry the list pushed to open the dialog; a shared or reloaded address has none. */
type OpenedFromList = { assetDetails: { listedName: string | null } };

const isOpenedFromList = (state: unknown): state is OpenedFromList =>
  typeof state === 'object' && state !== null && 'assetDetails' in state;

/**
 * The asset whose details dialog is open, kept in the address (`?asset=<id>`). Opening pushes an
 * entry, so Back closes the dialog and Forward opens it again; closing an entry the list pushed goes
 * back to it, and closing one reached by a link or a reload drops the parameter in place.
 */
export const useAssetDetailsParam = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openedFromList = isOpenedFromList(location.state) ? location.state.assetDetails : null;

  const withAsset = (assetId: string | null) => (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    if (assetId === null) next.delete(DATASET_PARAM.asset);
    else next.set(DATASET_PARAM.asset, assetId);
    return next;
  };

  const open = (asset: AssetSummary) =>
    setSearchParams(withAsset(asset.id), {
      state: { assetDetails: { listedName: asset.name } } satisfies OpenedFromList,
      preventScrollReset: true,
    });

  const close = () => {
    if (openedFromList) void navigate(-1);
    else setSearchParams(withAsset(null), { replace: true, preventScrollReset: true });
  };

  return {
    assetId: searchParams.get(DATASET_PARAM.asset),
    /** The name the list showed, while the dialog waits for the asset; undefined when opened by address. */
    listedName: openedFromList?.listedName,
    open,
    close,
  };
};
