import type { Survey } from '@trashegimia/contract/surveys';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { buttonClasses } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { AuditInfo } from './audit-info';
import { SurveyStateBadge } from './survey-state-badge';

const LANGUAGES = [
  { suffix: 'Xk', tab: 'tabs.xk' },
  { suffix: 'En', tab: 'tabs.en' },
  { suffix: 'Sr', tab: 'tabs.sr' },
] as const;

/** The list's 'view': the survey's texts in the three languages, its state and its history, read-only. */
export const SurveyViewModal = ({ survey, onClose }: { survey: Survey | null; onClose: () => void }) => {
  const { t } = useTranslation('surveys');
  return (
    <Modal
      open={survey !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={survey ? t('view.title', { id: survey.id }) : ''}
      footer={
        survey && (
          <Link to={paths.admin.survey.getHref(survey.id)} className={buttonClasses('primary')}>
            {t('list.actions.edit')}
          </Link>
        )
      }
    >
      {survey && (
        <div className="flex flex-col gap-5">
          <p className="flex items-center gap-2 text-sm text-stone-700">
            {t('fields.state')}: <SurveyStateBadge state={survey.surveyState} />
          </p>
          {LANGUAGES.map(({ suffix, tab }) => (
            <section key={suffix} aria-label={t(tab)}>
              <h3 className="text-sm font-semibold text-stone-900">{t(tab)}</h3>
              <dl className="mt-1 grid gap-1 text-sm">
                <dt className="text-stone-500">{t('fields.description')}</dt>
                <dd className="text-stone-900">{survey[`description${suffix}`] ?? t('view.empty')}</dd>
                <dt className="text-stone-500">{t('fields.longDescription')}</dt>
                <dd className="whitespace-pre-line text-stone-900">
                  {survey[`longDescription${suffix}`] ?? t('view.empty')}
                </dd>
              </dl>
            </section>
          ))}
          <AuditInfo survey={survey} />
        </div>
      )}
    </Modal>
  );
};
