import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** Home (spec §2): the dataset picker, map carousel and summary tiles come with the home issue. */
export const HomeRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('home.title')} />;
};
