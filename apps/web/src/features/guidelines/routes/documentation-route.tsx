import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /dokumentacioni: the public list of guideline documents. */
export const DocumentationRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('documentation.title')} />;
};
