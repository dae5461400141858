import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import type { ViewerProps } from './viewer-props';

export const VideoViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert>{t('video.failed')}</Alert>;
  return (
    <video
      src={item.url}
      controls
      playsInline
      preload="metadata"
      aria-label={t('video.label', { name })}
      onError={() => setFailed(true)}
      className="mx-auto max-h-[65dvh] w-full rounded-lg bg-stone-950"
    />
  );
};
