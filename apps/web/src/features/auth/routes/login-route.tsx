import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, safeRedirectTarget } from '@/shared/config/paths';
import { LoginForm } from '../components/login-form';

/**
 * /login: open to everyone; after success, back to where the visitor was sent from (default /).
 * Without an account, the visitor asks for one (the request form).
 */
export const LoginRoute = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirectTo'));

  return (
    <div className="w-full max-w-md">
      <title>{`${t('title')} · ${t('appName', { ns: 'common' })}`}</title>
      <div className="rounded-2xl border border-stone-200/80 bg-white/95 p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t('title')}</h1>
        <p className="mt-1.5 mb-6 text-sm text-stone-600">{t('subtitle')}</p>
        <LoginForm onSuccess={() => void navigate(redirectTo, { replace: true })} />
        <p className="mt-6 border-t border-stone-200 pt-5 text-center text-sm text-stone-600">
          {t('request.question', { ns: 'accessRequests' })}{' '}
          <Link
            to={paths.requestAccess.getHref()}
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {t('request.link', { ns: 'accessRequests' })}
          </Link>
        </p>
      </div>
    </div>
  );
};
