import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';

/** Covers the page while a save runs, so nothing changes underneath it (spec §2). */
export const SavingOverlay = () => {
  const { t } = useTranslation('surveys');
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-stone-950/30">
      <p className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 font-semibold text-stone-800 shadow-xl">
        <Spinner className="size-6 text-brand-700" />
        {t('editor.saving')}
      </p>
    </div>
  );
};
