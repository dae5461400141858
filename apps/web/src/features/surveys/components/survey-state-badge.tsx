import { SURVEY_STATE, type SurveyState } from '@trashegimia/contract/surveys';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';

/** Active when surveyState is 1, else Passive (spec §2). */
export const SurveyStateBadge = ({ state }: { state: SurveyState }) => {
  const { t } = useTranslation('surveys');
  const active = state === SURVEY_STATE.ACTIVE;
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        active ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-stone-700',
      )}
    >
      {active ? t('state.active') : t('state.passive')}
    </span>
  );
};
