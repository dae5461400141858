import type { Survey } from '@trashegimia/contract/surveys';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';

/** Read-only: who created the survey and when, who changed it last and when (spec §2). */
export const AuditInfo = ({ survey }: { survey: Survey }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const rows = [
    [t('audit.createdBy'), survey.insBy ?? t('audit.unknown')],
    [t('audit.createdAt'), formatDateTime(survey.insDate, language)],
    [t('audit.lastUpdated'), formatDateTime(survey.lud, language)],
    [t('audit.updatedBy'), survey.ludBy ?? t('audit.unknown')],
  ] as const;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="font-medium text-stone-500">{label}</dt>
          <dd className="text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
};
