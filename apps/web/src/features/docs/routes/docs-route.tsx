import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /docs: a placeholder showing only the word documentation (spec §2). */
export const DocsRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('docs.word')} />;
};
