import { AssetParams } from '@trashegimia/contract/assets';
import { isApiError } from '@/shared/api/api-error';
import { useAsset } from '@/shared/api/get-asset';

/** Asset ids are UUIDs: anything else names no asset, so it is not asked for. */
const isAssetId = (value: string) => AssetParams.shape.id.safeParse(value).success;

/**
 * The asset a page or dialog shows (GET /surveys/assets/{id}), and whether there is none the visitor
 * may see: an id that cannot be one, or the server's 404, which it also answers for an asset that is
 * not public, so the two look alike.
 */
export const useShownAsset = (id: string | null) => {
  const askable = id !== null && isAssetId(id);
  const detail = useAsset(askable ? id : null);
  const notFound = (id !== null && !askable) || (isApiError(detail.error) && detail.error.status === 404);
  return { detail, notFound };
};
