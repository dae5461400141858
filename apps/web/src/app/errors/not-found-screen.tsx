import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorScreen } from './error-screen';

/** Unknown routes (spec §8: 404 'No route matches URL'). */
export const NotFoundScreen = () => {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return (
    <ErrorScreen
      status={t('router.notFound.status')}
      title={t('router.notFound.title')}
      technical={`${t('router.notFound.technical')} "${pathname}"`}
      description={t('router.notFound.description')}
    />
  );
};
