import {
  ACCESS_REQUEST_STATUSES,
  type AccessRequest,
  AccessRequestStatus,
} from '@trashegimia/contract/access-requests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { DataTable } from '@/shared/ui/data-table';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';
import { RowActionButton, RowActions } from '@/shared/ui/row-actions';
import { SelectField } from '@/shared/ui/select-field';
import { useAccessRequests } from '../api/access-requests';
import { ApproveRequestModal } from '../components/approve-request-modal';
import { DeclineRequestModal } from '../components/decline-request-modal';

const PAGE_SIZE = 20;

/** The filter's choice: one status, or every request. */
const ALL = 'ALL';
const FILTER_CHOICES = [...ACCESS_REQUEST_STATUSES, ALL] as const;

/**
 * admin/access-requests: requests for an account, newest first, the waiting ones by default.
 * Approving makes a user account and shows its password once; declining keeps a note.
 */
export const AccessRequestsRoute = () => {
  const { t } = useTranslation('accessRequests');
  const language = useLanguage();
  const { page, goToPage } = usePageParam();
  const [status, setStatus] = useState<AccessRequestStatus | typeof ALL>('PENDING');
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const [declining, setDeclining] = useState<AccessRequest | null>(null);
  const requests = useAccessRequests({ page, limit: PAGE_SIZE, ...(status !== ALL && { status }) });
  useStayWithinPages(page, requests.data?.meta.totalPages, goToPage);
  const items = requests.data?.items ?? [];

  return (
    <Page title={t('accessRequests.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('admin.lead')}</p>
      <SelectField
        className="mt-6 max-w-xs"
        label={t('admin.statusFilter')}
        value={status}
        onChange={(event) => {
          const chosen = AccessRequestStatus.safeParse(event.target.value);
          setStatus(chosen.success ? chosen.data : ALL);
          goToPage(1);
        }}
      >
        {FILTER_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`admin.statuses.${choice}`)}
          </option>
        ))}
      </SelectField>

      <PagedList className="mt-6" query={requests} page={page} onPageChange={goToPage} emptyText={t('admin.empty')}>
        <DataTable
          caption={t('admin.caption')}
          columns={[
            t('admin.columns.requester'),
            t('admin.columns.purpose'),
            t('admin.columns.received'),
            t('admin.columns.status'),
          ]}
          actionsColumn={t('admin.columns.actions')}
        >
          {items.map((request) => (
            <tr key={request.id}>
              <th scope="row" className="px-4 py-3 text-left align-top font-normal">
                <span className="block font-medium text-stone-900">{request.name}</span>
                <span className="block text-stone-600">{request.email}</span>
                {request.institution && <span className="block text-stone-500">{request.institution}</span>}
              </th>
              <td className="max-w-md px-4 py-3 align-top whitespace-pre-line text-stone-700">{request.purpose}</td>
              <td className="px-4 py-3 align-top text-stone-700">{formatDateTime(request.createdAt, language)}</td>
              <td className="px-4 py-3 align-top text-stone-700">
                <span className="block font-medium">{t(`admin.statuses.${request.status}`)}</span>
                {request.decidedBy && request.decidedAt && (
                  <span className="block text-stone-500">
                    {t('admin.decidedBy', {
                      name: request.decidedBy,
                      date: formatDateTime(request.decidedAt, language),
                    })}
                  </span>
                )}
                {request.userName && (
                  <span className="block text-stone-500">{t('admin.account', { userName: request.userName })}</span>
                )}
                {request.decisionNote && (
                  <span className="block text-stone-500">{t('admin.note', { note: request.decisionNote })}</span>
                )}
              </td>
              {request.status === 'PENDING' ? (
                <RowActions>
                  <RowActionButton
                    tone="success"
                    aria-label={t('admin.approveLabel', { name: request.name })}
                    onClick={() => setApproving(request)}
                  >
                    {t('admin.approve')}
                  </RowActionButton>
                  <RowActionButton
                    tone="danger"
                    aria-label={t('admin.declineLabel', { name: request.name })}
                    onClick={() => setDeclining(request)}
                  >
                    {t('admin.decline')}
                  </RowActionButton>
                </RowActions>
              ) : (
                <td className="px-4 py-3" />
              )}
            </tr>
          ))}
        </DataTable>
      </PagedList>

      <ApproveRequestModal request={approving} onClose={() => setApproving(null)} />
      <DeclineRequestModal request={declining} onClose={() => setDeclining(null)} />
    </Page>
  );
};
