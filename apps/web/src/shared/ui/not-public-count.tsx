import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';

/**
 * Beside a count an administrator sees, how many of it the public does not (not approved, or of an
 * inactive dataset), so a number larger than the public's is not mistaken for it. Nothing when none.
 */
export const NotPublicCount = ({ count, className }: { count: number | undefined; className?: string }) => {
  const { t } = useTranslation('common');
  const language = useLanguage();
  if (!count) return null;
  // The space is its own, so the text it follows ends where the count is none.
  return <span className={className}> {t('notPublic', { formatted: formatNumber(count, language) })}</span>;
};
