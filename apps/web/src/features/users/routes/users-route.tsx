import type { User } from '@trashegimia/contract/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { useLanguage } from '@/shared/i18n/use-language';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { useSession } from '@/shared/session/use-session';
import { Button, buttonClasses } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListPager } from '@/shared/ui/list-pager';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserModal } from '../components/user-modal';
import { formatDateTime } from '../lib/format-date-time';

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
  const errorText = useErrorText();
  const { showToast } = useToast();
  const { session } = useSession();
  const { page, goToPage } = usePageParam();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const users = useUsers({ page, limit: PAGE_SIZE });
  const deletion = useDeleteUser();

  useStayWithinPages(page, users.data?.meta.totalPages, goToPage);
  const isSignedInUser = (user: User) => String(user.id) === session.userId;

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t('deleted'), tone: 'success' });
        setDeleting(null);
      },
    });
  };

  const items = users.data?.items ?? [];

  return (
    <Page title={t('users.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => setCreating(true)}>{t('create')}</Button>
      </div>

      <div className="mt-6" aria-busy={users.isFetching}>
        {users.isPending && <ListLoading />}
        {users.isError && <ListLoadError error={users.error} onRetry={() => void users.refetch()} />}
        {users.isSuccess && items.length === 0 && <ListMessage>{t('empty')}</ListMessage>}
        {items.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.id')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.userName')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.role')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.lastLogin')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
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
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        {isSignedInUser(user) ? (
                          // Resetting one's own password here would end this very session; the own page keeps it.
                          <Link to={paths.ownPassword.getHref()} className={buttonClasses('ghost', 'px-2.5 py-1.5')}>
                            {t('userMenu.changePassword', { ns: 'common' })}
                          </Link>
                        ) : (
                          <Button
                            variant="ghost"
                            className="px-2.5 py-1.5"
                            aria-label={t('resetPasswordLabel', { name: user.userName })}
                            onClick={() => setResetting(user)}
                          >
                            {t('resetPassword')}
                          </Button>
                        )}
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1.5 text-red-700"
                          aria-label={t('deleteLabel', { name: user.userName })}
                          onClick={() => {
                            deletion.reset();
                            setDeleting(user);
                          }}
                        >
                          {t('delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {users.isSuccess && (
          <ListPager page={page} totalPages={Math.max(1, users.data.meta.totalPages)} onPageChange={goToPage} />
        )}
      </div>

      <UserModal open={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', { name: deleting?.userName ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
        error={deletion.isError ? errorText(deletion.error, t('deleteFailed')) : null}
      />
    </Page>
  );
};
