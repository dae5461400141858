import type { AnswerDetail, AssetDetail, AssetSummary } from '@trashegimia/contract/assets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsset } from '@/shared/api/get-asset';
import { useAssetMedia } from '@/shared/api/get-asset-media';
import { useErrorText } from '@/shared/api/use-error-text';
import { formatCoordinates, formatDate } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { hasCoordinates } from '@/shared/map/asset-color';
import { EmbeddedMap } from '@/shared/map/embedded-map';
import { Alert } from '@/shared/ui/alert';
import { cn } from '@/shared/ui/cn';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { StatusBadge } from './status-badge';

type AnswerRow = { questionId: number; title: string; values: string[] };

/** The answer's text: the option description in the interface language (else its value), then value2. */
const answerText = (answer: AnswerDetail, language: Language) => {
  const main = pickLocalized(answer, 'optionDescription', language) ?? answer.value?.trim() ?? '';
  const extra = answer.value2?.trim();
  return [main, extra].filter(Boolean).join(' — ');
};

/** One row per question; a multiple-choice question's options are listed together. */
const groupAnswers = (answers: AnswerDetail[], language: Language): AnswerRow[] => {
  const rows: AnswerRow[] = [];
  for (const answer of answers) {
    const text = answerText(answer, language);
    const last = rows.at(-1);
    if (last && last.questionId === answer.questionId) {
      if (text) last.values.push(text);
      continue;
    }
    const title = pickLocalized(answer, 'title', language) ?? answer.questionNr;
    rows.push({ questionId: answer.questionId, title, values: text ? [text] : [] });
  }
  return rows;
};

/** One term and its value; a direct child of the <dl>, so screen readers read them as a pair. */
const Field = ({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) => (
  <div className={cn('flex flex-col gap-0.5', wide && 'sm:col-span-2')}>
    <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
    <dd className="text-sm break-words text-stone-900">{children}</dd>
  </div>
);

const Photos = ({ assetId }: { assetId: string }) => {
  const { t } = useTranslation('public');
  const media = useAssetMedia(assetId);
  const photos = media.data?.items.filter((item) => item.type === 'PHOTO') ?? [];
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="asset-photos" className="flex flex-col gap-2">
      <h3 id="asset-photos" className="font-serif text-lg font-semibold text-stone-900">
        {t('dataset.details.photos')}
      </h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              <img
                src={photo.url}
                alt={t('dataset.details.photoAlt', { number: index + 1 })}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};

const DetailsBody = ({ asset }: { asset: AssetDetail }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const name = asset.name?.trim() || t('asset.noName');
  const answers = groupAnswers(asset.answers, language);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label={t('asset.id')}>
          <span className="font-mono text-xs">{asset.id}</span>
        </Field>
        <Field label={t('asset.date')}>{formatDate(asset.date, language)}</Field>
        <Field label={t('asset.statusLabel')}>
          <StatusBadge status={asset.status} />
        </Field>
        <Field label={t('asset.place')}>
          {[asset.municipality, asset.village].filter((part) => part?.trim()).join(' · ') || '—'}
        </Field>
        <Field label={t('asset.comment')} wide>
          {asset.comments?.trim() || '—'}
        </Field>
        <Field label={t('asset.coordinates')} wide>
          {hasCoordinates(asset)
            ? formatCoordinates(asset.locationAlt, asset.locationLong, language)
            : t('asset.noCoordinates')}
        </Field>
      </dl>
      {hasCoordinates(asset) && (
        <EmbeddedMap
          latitude={asset.locationAlt}
          longitude={asset.locationLong}
          label={t('mapEmbed.label', { name })}
        />
      )}
      <Photos assetId={asset.id} />
      <section aria-labelledby="asset-answers" className="flex flex-col gap-2">
        <h3 id="asset-answers" className="font-serif text-lg font-semibold text-stone-900">
          {t('dataset.details.answers')}
        </h3>
        {answers.length === 0 ? (
          <p className="text-sm text-stone-600">{t('dataset.details.noAnswers')}</p>
        ) : (
          <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200">
            {answers.map((row) => (
              <div
                key={row.questionId}
                className="grid gap-1 px-3 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
              >
                <dt className="text-sm text-stone-600">{row.title}</dt>
                <dd className="text-sm font-medium break-words text-stone-900">{row.values.join(', ') || '—'}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
};

type AssetDetailsModalProps = { asset: AssetSummary | null; onClose: () => void };

/** Details of one asset (GET /surveys/assets/{id}): id, date, status, comment, place on a map, answers. */
export const AssetDetailsModal = ({ asset, onClose }: AssetDetailsModalProps) => {
  const { t } = useTranslation('public');
  const errorText = useErrorText();
  const detail = useAsset(asset?.id ?? null);
  const name = asset?.name?.trim() || t('asset.noName');
  const loadFailed = t('dataset.details.loadFailed');
  return (
    <Modal open={asset !== null} onOpenChange={(open) => !open && onClose()} title={name} size="xl">
      {detail.isPending && (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('loading', { ns: 'common' })}
        </p>
      )}
      {detail.isError && (
        <Alert>
          <p className="font-semibold">{loadFailed}</p>
          <p>{errorText(detail.error, loadFailed)}</p>
        </Alert>
      )}
      {detail.data && <DetailsBody asset={detail.data} />}
    </Modal>
  );
};
