import type { AssetDetail } from '@trashegimia/contract/assets';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/api-error';
import { useDatasets } from '@/shared/api/get-datasets';
import { useErrorText } from '@/shared/api/use-error-text';
import { formatDate } from '@/shared/format/format';
import { assetDatasetNameIn, datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { EmbeddedMap } from '@/shared/map/embedded-map';
import { useUnsavedChangesGuard } from '@/shared/routing/use-unsaved-changes-guard';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { SelectField } from '@/shared/ui/select-field';
import { TextareaField } from '@/shared/ui/textarea-field';
import { useUpdateAsset } from '../api/update-asset';
import { buildAnswerTree, questionsById } from '../lib/answer-tree';
import { DROPDOWN_LIST_LIMIT } from '../lib/asset-edit-constants';
import {
  buildUpdateBody,
  currentAnswer,
  editAnswer,
  refusedQuestionId,
  storedAnswers,
  visibleOptions,
  type AssetDraft,
} from '../lib/asset-answers';
import { AnswerTree, useQuestionLabel } from './answer-tree';
import { AssetSaveResultDialog, type AssetSaveResult } from './asset-save-result-dialog';
import { AssetStatusBadge } from './asset-status-badge';
import { RemovedQuestionAnswers } from './removed-question-answers';

type AssetEditorProps = {
  asset: AssetDetail;
  /** The asset's survey, as a tree. */
  questions: QuestionNode[];
  /** Loads the newest asset; the draft stays and applies on top of it. */
  onReload: () => void;
};

const NO_CHANGES: AssetDraft = { answers: new Map() };

/**
 * The asset edit form (spec §2): details, comment, dataset, location and the answers tree. Save
 * sends the version read and only what changed; a failure keeps every edit on screen.
 */
export const AssetEditor = ({ asset, questions, onReload }: AssetEditorProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const errorText = useErrorText();
  const questionLabel = useQuestionLabel();
  const datasets = useDatasets({ page: 1, limit: DROPDOWN_LIST_LIMIT, includeInactive: true });
  const saving = useUpdateAsset();
  const [draft, setDraft] = useState<AssetDraft>(NO_CHANGES);
  const [result, setResult] = useState<AssetSaveResult | null>(null);

  const byId = useMemo(() => questionsById(questions), [questions]);
  const tree = useMemo(() => buildAnswerTree(questions), [questions]);
  const stored = useMemo(() => storedAnswers(asset.answers, byId), [asset.answers, byId]);
  const removedQuestionAnswers = asset.answers.filter((answer) => !byId.has(answer.questionId));
  const body = buildUpdateBody(asset, draft, byId, stored);
  const dirty = body !== null;

  const blocker = useUnsavedChangesGuard(() => dirty);

  const answerOf = (questionId: number) => currentAnswer(questionId, stored, draft.answers);
  const datasetOptions = [
    ...(datasets.data?.items ?? []).map((dataset) => ({ id: dataset.id, name: datasetNameIn(dataset, language) })),
    // The asset's own dataset, even when the list does not hold it (e.g. inactive and beyond the first page).
    ...(datasets.data?.items.some((dataset) => dataset.id === asset.datasetId)
      ? []
      : [{ id: asset.datasetId, name: assetDatasetNameIn(asset, language) }]),
  ];

  const handleSave = () => {
    if (!body) return;
    saving.mutate(
      { id: asset.id, body },
      {
        onSuccess: () => {
          setDraft(NO_CHANGES);
          setResult({ ok: true });
        },
        onError: (error) => {
          const reason = errorText(error, t('edit.result.fallback'));
          // A refused answer is named, since the reason is worded for any question.
          const refusedId = isApiError(error) ? refusedQuestionId(error.field, body) : null;
          const refused = refusedId === null ? undefined : byId.get(refusedId);
          setResult({
            ok: false,
            message: refused ? t('edit.result.answerRefused', { question: questionLabel(refused), reason }) : reason,
            conflict: isApiError(error) && error.status === 409,
          });
        },
      },
    );
  };

  const handleReload = () => {
    setResult(null);
    onReload();
  };

  return (
    <>
      <div inert={saving.isPending} className="mt-6 flex flex-col gap-8">
        <section
          aria-label={t('edit.details.label')}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
        >
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-5">
            <Detail term={t('edit.details.id')} wide>
              <span className="font-mono text-sm break-all">{asset.id}</span>
            </Detail>
            <Detail term={t('edit.details.name')}>{asset.name ?? t('list.unnamed')}</Detail>
            <Detail term={t('edit.details.date')}>
              <time dateTime={asset.date}>{formatDate(asset.date, language)}</time>
            </Detail>
            <Detail term={t('edit.details.status')}>
              <AssetStatusBadge status={asset.status} />
            </Detail>
            {asset.adminNote && <Detail term={t('edit.details.adminNote')}>{asset.adminNote}</Detail>}
          </dl>
        </section>

        <section aria-label={t('edit.fields.label')} className="grid gap-4 md:grid-cols-2">
          <TextareaField
            label={t('edit.fields.comments')}
            value={draft.comments ?? asset.comments ?? ''}
            onChange={(event) => setDraft({ ...draft, comments: event.target.value })}
            rows={3}
          />
          <SelectField
            label={t('edit.fields.dataset')}
            value={draft.datasetId ?? asset.datasetId}
            onChange={(event) => setDraft({ ...draft, datasetId: Number(event.target.value) })}
            hint={datasets.isError ? t('edit.fields.datasetsFailed') : undefined}
          >
            {datasetOptions.map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name}
              </option>
            ))}
          </SelectField>
        </section>

        {asset.locationAlt !== null && asset.locationLong !== null && (
          <section aria-labelledby="asset-location-title" className="flex flex-col gap-3">
            <h2 id="asset-location-title" className="font-serif text-2xl font-semibold text-stone-900">
              {t('edit.location.title')}
            </h2>
            <EmbeddedMap
              latitude={asset.locationAlt}
              longitude={asset.locationLong}
              label={t('edit.location.mapLabel', { name: asset.name ?? asset.id })}
            />
          </section>
        )}

        <section aria-labelledby="asset-answers-title" className="flex flex-col gap-3">
          <h2 id="asset-answers-title" className="font-serif text-2xl font-semibold text-stone-900">
            {t('edit.answers.title')}
          </h2>
          {tree.length === 0 ? (
            <p className="text-stone-600">{t('edit.answers.empty')}</p>
          ) : (
            <AnswerTree
              nodes={tree}
              answerOf={(question) => answerOf(question.id)}
              optionsOf={(question) => visibleOptions(question, byId, answerOf)}
              onChange={(question, answer) =>
                setDraft({
                  ...draft,
                  answers: editAnswer({ questions: byId, stored }, draft.answers, question.id, answer),
                })
              }
            />
          )}
          {removedQuestionAnswers.length > 0 && <RemovedQuestionAnswers answers={removedQuestionAnswers} />}
        </section>
      </div>

      <div
        inert={saving.isPending}
        className="sticky bottom-0 z-20 -mx-4 mt-6 flex items-center justify-end gap-3 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      >
        <p role="status" className="text-sm text-stone-600">
          {dirty ? t('edit.actions.unsaved') : t('edit.actions.noChanges')}
        </p>
        <Button onClick={handleSave} disabled={!dirty || saving.isPending} loading={saving.isPending}>
          {saving.isPending ? t('edit.actions.saving') : t('edit.actions.save')}
        </Button>
      </div>

      <AssetSaveResultDialog result={result} onClose={() => setResult(null)} onReload={handleReload} />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title={t('edit.leave.title')}
        description={t('edit.leave.description')}
        confirmLabel={t('edit.leave.confirm')}
        cancelLabel={t('edit.leave.stay')}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
};

const Detail = ({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) => (
  <div className={cn('flex flex-col gap-1', wide && 'sm:col-span-2')}>
    <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
    <dd className="text-stone-900">{children}</dd>
  </div>
);
