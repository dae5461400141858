import type { AssetSummary } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { formatCoordinates } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { hasCoordinates } from '@/shared/map/asset-color';
import { EmbeddedMap } from '@/shared/map/embedded-map';
import { Modal } from '@/shared/ui/modal';

type AssetMapModalProps = { asset: AssetSummary | null; onClose: () => void };

/** Where an asset is: its coordinates and an embedded OpenStreetMap with attribution. */
export const AssetMapModal = ({ asset, onClose }: AssetMapModalProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const name = asset?.name?.trim() || t('asset.noName');
  return (
    <Modal
      open={asset !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('dataset.mapModal.title', { name })}
      size="lg"
    >
      {asset && hasCoordinates(asset) && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">
            <span className="font-medium">{t('asset.coordinates')}: </span>
            {formatCoordinates(asset.locationAlt, asset.locationLong, language)}
          </p>
          <EmbeddedMap
            latitude={asset.locationAlt}
            longitude={asset.locationLong}
            label={t('mapEmbed.label', { name })}
          />
        </div>
      )}
    </Modal>
  );
};
