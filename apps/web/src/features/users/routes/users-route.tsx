import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/users: user management. */
export const UsersRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('users.title')} />;
};
