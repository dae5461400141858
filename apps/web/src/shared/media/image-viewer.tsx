import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import type { ViewerProps } from './viewer-props';

export const ImageViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert>{t('image.failed')}</Alert>;
  return (
    <img
      src={item.url}
      alt={name}
      onError={() => setFailed(true)}
      className="mx-auto max-h-[65dvh] w-auto max-w-full rounded-lg bg-stone-100 object-contain"
    />
  );
};
