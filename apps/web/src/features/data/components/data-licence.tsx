import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api/get-app-config';

/** "Licence: CC BY 4.0", linking to its text: the terms the published data is offered under (DATA_LICENCE_*). */
export const DataLicence = () => {
  const { t } = useTranslation('public');
  const licence = useAppConfig().data?.licence;
  if (!licence) return null;
  return (
    <p className="text-sm text-stone-600">
      {t('licence.label')}{' '}
      <a
        href={licence.url}
        rel="license noreferrer"
        target="_blank"
        className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
      >
        {licence.name}
      </a>
    </p>
  );
};
