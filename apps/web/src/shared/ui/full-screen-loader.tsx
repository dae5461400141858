import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { Spinner } from './spinner';

/** The organisation logo, a spinner and 'Duke u ngarkuar...' or a custom message (spec §2 Home). */
export const FullScreenLoader = ({ message }: { message?: string }) => {
  const { t } = useTranslation();
  return (
    <div role="status" className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-5 bg-stone-50">
      <Logo className="size-16" />
      <Spinner className="size-8 text-brand-700" />
      <p className="text-sm font-medium tracking-wide text-stone-600">{message ?? t('loading')}</p>
    </div>
  );
};
