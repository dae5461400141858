import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import type { ViewerProps } from './viewer-props';

export const AudioViewer = ({ item, name }: ViewerProps) => {
  const { t } = useTranslation('media');
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert>{t('audio.failed')}</Alert>;
  return (
    <audio
      src={item.url}
      controls
      preload="metadata"
      aria-label={t('audio.label', { name })}
      onError={() => setFailed(true)}
      className="w-full"
    />
  );
};
