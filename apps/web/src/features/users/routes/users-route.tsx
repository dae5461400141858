import type { User } from '@trashegimia/contract/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '@/shared/api/get-users';
import { paths } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { useSession } from '@/shared/session/use-session';
import { Button } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { DeleteConfirmDialog } from '@/shared/ui/delete-confirm-dialog';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { RowActionButton, RowActionLink, RowActions } from '@/shared/ui/row-actions';
import { useDeleteConfirmation } from '@/shared/ui/use-delete-confirmation';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserModal } from '../components/user-modal';

/** Spec §9: users are listed 20 per page. */
const PAGE_SIZE = 20;

/**
 * admin/users: the accounts with id, user name, role and last login; create, delete (spec §2: no
 * edit), and a new password for an account. The server refuses deleting oneself or the last
 * administrator, and the dialog says why.
 */
export const UsersRoute = () => {
  const { t } = useTranslation('users');
  const language = useLanguage();
  const { showToast } = useToast();
  const { session } = useSession();
  const { page, goToPage } = usePageParam();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const users = useUsers({ page, limit: PAGE_SIZE });
  const deletion = useDeleteConfirmation<User>(useDeleteUser(), () =>
    showToast({ message: t('deleted'), tone: 'success' }),
  );

  useStayWithinPages(page, users.data?.meta.totalPages, goToPage);
  const isSignedInUser = (user: User) => String(user.id) === session.userId;

  const items = users.data?.items ?? [];

  return (
    <Page title={t('users.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => setCreating(true)}>{t('create')}</Button>
      </div>

      <PagedList className="mt-6" query={users} page={page} onPageChange={goToPage} emptyText={t('empty')}>
        <DataTable
          caption={t('caption')}
          columns={[t('columns.id'), t('columns.userName'), t('columns.role'), t('columns.lastLogin')]}
          actionsColumn={t('columns.actions')}
        >
          {items.map((user) => (
            <tr key={user.id}>
              <td className="px-4 py-3 text-stone-500 tabular-nums">{user.id}</td>
              <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                {user.userName}
                {isSignedInUser(user) && <span className="ml-1.5 font-normal text-stone-500">{t('you')}</span>}
              </th>
              <td className="px-4 py-3 text-stone-700">{t(`roles.${user.role}`)}</td>
              <td className="px-4 py-3 text-stone-700">
                {user.lastLogin ? formatDateTime(user.lastLogin, language) : t('never')}
              </td>
              <RowActions>
                {isSignedInUser(user) ? (
                  // Resetting one's own password here would end this very session; the own page keeps it.
                  <RowActionLink to={paths.ownPassword.getHref()}>
                    {t('userMenu.changePassword', { ns: 'common' })}
                  </RowActionLink>
                ) : (
                  <RowActionButton
                    aria-label={t('resetPasswordLabel', { name: user.userName })}
                    onClick={() => setResetting(user)}
                  >
                    {t('resetPassword')}
                  </RowActionButton>
                )}
                <RowActionButton
                  tone="danger"
                  aria-label={t('deleteLabel', { name: user.userName })}
                  onClick={() => deletion.ask(user)}
                >
                  {t('delete')}
                </RowActionButton>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      </PagedList>

      <UserModal open={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={t('confirmDelete.title')}
        describe={(user) => t('confirmDelete.description', { name: user.userName })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        failedText={t('deleteFailed')}
      />
    </Page>
  );
};
