import { AssetParams } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { useSurveyQuestions } from '@/shared/api/get-survey-questions';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ListLoading } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { useAssetForEdit } from '../api/get-asset-for-edit';
import { AssetEditor } from '../components/asset-editor';
import { AssetHistory } from '../components/asset-history';

const LINK_CLASSES =
  'text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600';

/** admin/surveys/assets/:id: review and edit one asset's details and answers, and read its history. */
export const AssetEditRoute = () => {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const assetId = AssetParams.safeParse({ id }).success ? id! : null;
  return (
    <Page title={t('assets.edit')}>
      <nav aria-label={t('edit.links', { ns: 'assetsAdmin' })} className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.admin.assets.getHref()} className={LINK_CLASSES}>
          ← {t('edit.backToList', { ns: 'assetsAdmin' })}
        </Link>
        {assetId && (
          <Link to={paths.admin.assetMedia.getHref(assetId)} className={LINK_CLASSES}>
            {t('edit.media', { ns: 'assetsAdmin' })}
          </Link>
        )}
      </nav>
      <AssetEditPage key={id} assetId={assetId} />
    </Page>
  );
};

const AssetEditPage = ({ assetId }: { assetId: string | null }) => {
  const { t } = useTranslation('assetsAdmin');
  const errorText = useErrorText();
  const asset = useAssetForEdit(assetId);
  const questions = useSurveyQuestions(asset.data?.surveyId ?? null);
  const notFound = assetId === null || (isApiError(asset.error) && asset.error.status === 404);
  const error = asset.error ?? questions.error;
  const loaded = asset.data && questions.data;

  if (notFound) {
    return (
      <div className="mt-6">
        <Alert>{t('edit.notFound')}</Alert>
      </div>
    );
  }
  if (error && !loaded) {
    return (
      <div className="mt-6 flex flex-col items-start gap-3">
        <Alert>
          <p className="font-semibold">{t('edit.loadError')}</p>
          <p>{errorText(error, t('edit.loadError'))}</p>
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void asset.refetch();
            if (questions.isError) void questions.refetch();
          }}
        >
          {t('retry', { ns: 'common' })}
        </Button>
      </div>
    );
  }
  if (!asset.data || !questions.data) return <ListLoading />;
  return (
    <div className="flex flex-col gap-10">
      {asset.isRefetchError && (
        // A failed reload keeps the asset and the admin's edits on screen.
        <div className="mt-6">
          <Alert>
            <p className="font-semibold">{t('edit.loadError')}</p>
            <p>{errorText(asset.error, t('edit.loadError'))}</p>
          </Alert>
        </div>
      )}
      <AssetEditor asset={asset.data} questions={questions.data.items} onReload={() => void asset.refetch()} />
      <AssetHistory assetId={asset.data.id} />
    </div>
  );
};
