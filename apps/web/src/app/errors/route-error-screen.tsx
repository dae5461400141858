import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/shared/ui/button';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';

/**
 * What the router shows when a loader or a render throws (spec §8: 'Unexpected Application Error!';
 * 404, 405 and 400 answers get their own wording).
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation('errors');

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;

  const technical = isRouteErrorResponse(error)
    ? error.status === 405
      ? t('router.methodNotAllowed')
      : error.status === 400
        ? t('router.badRequest')
        : `${error.status} ${error.statusText}`
    : t('router.unexpected.technical');

  if (import.meta.env.DEV) console.error(error);

  return (
    <ErrorScreen
      status={isRouteErrorResponse(error) ? String(error.status) : t('router.unexpected.status')}
      title={t('router.unexpected.title')}
      technical={technical}
      description={t('router.unexpected.description')}
      actions={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('router.reload')}
        </Button>
      }
    />
  );
};
