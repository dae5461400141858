import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { buttonClasses } from '@/shared/ui/button';
import { AccessRequestForm } from '../components/access-request-form';

/**
 * /request-access: open to everyone, reached from the login page. Downloads and analytics need an
 * account; this asks an administrator for one, who approves or declines it in the back office.
 */
export const RequestAccessRoute = () => {
  const { t } = useTranslation('accessRequests');
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="w-full max-w-lg">
      <title>{`${t('request.title')} · ${t('appName', { ns: 'common' })}`}</title>
      <div className="rounded-2xl border border-stone-200/80 bg-white/95 p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        {sentTo === null ? (
          <>
            <h1 className="font-serif text-2xl font-semibold text-stone-900">{t('request.title')}</h1>
            <p className="mt-1.5 mb-6 text-sm text-stone-600">{t('request.lead')}</p>
            <AccessRequestForm onSent={setSentTo} />
          </>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <h1 className="font-serif text-2xl font-semibold text-stone-900">{t('request.sentTitle')}</h1>
            <p className="text-stone-700">{t('request.sentText', { email: sentTo })}</p>
          </div>
        )}
        <Link to={paths.login.getHref()} className={buttonClasses('secondary', 'mt-6 w-full')}>
          {t('request.backToLogin')}
        </Link>
      </div>
    </div>
  );
};
