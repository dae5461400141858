import type { Import, ImportMapping } from '@trashegimia/contract/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { useSurveyQuestions } from '@/shared/api/get-survey-questions';
import { useErrorText } from '@/shared/api/use-error-text';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { useImportProgress } from '../api/get-import';
import { usePreviewImport } from '../api/preview-import';
import { useRunImport } from '../api/run-import';
import { ImportProgress } from '../components/import-progress';
import { ImportUploadForm } from '../components/import-upload-form';
import { MappingTable } from '../components/mapping-table';
import { PreviewResult } from '../components/preview-result';
import { PICKER_QUERY } from '../lib/import-constants';
import { answerableQuestions } from '../lib/import-targets';

const Step = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mt-8 flex flex-col gap-4 rounded-xl border border-stone-200 bg-stone-50/60 p-5">
    <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
    {children}
  </section>
);

/**
 * admin/imports: bulk import of an XLSX or CSV register (issue 7). Upload a file for a survey and
 * dataset, map its columns, check every row, then import it whole (or nothing) and follow the run.
 */
export const ImportsRoute = () => {
  const { t } = useTranslation('imports');
  const language = useLanguage();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Import | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const questionTree = useSurveyQuestions(created?.surveyId ?? null);
  const questions = useMemo(() => answerableQuestions(questionTree.data?.items ?? []), [questionTree.data]);
  const datasets = useDatasets({ ...PICKER_QUERY, includeInactive: true });
  const preview = usePreviewImport();
  const run = useRunImport();
  const progress = useImportProgress(runId);
  const runState = progress.data?.state;
  const running = run.isPending || runState === 'running';
  const locked = running || runState === 'imported';

  // What an import created shows up in the asset lists from now on.
  useEffect(() => {
    if (runState === 'imported') void queryClient.invalidateQueries({ queryKey: ['assets'] });
  }, [runState, queryClient]);

  const startWith = (next: Import) => {
    setCreated(next);
    setMapping(next.suggestedMapping);
    setRunId(null);
    preview.reset();
    run.reset();
  };

  const changeMapping = (next: ImportMapping) => {
    setMapping(next);
    preview.reset();
  };

  const checked = preview.data;
  const ready =
    checked !== undefined && checked.rowCount > 0 && checked.problemCount === 0 && checked.mappingProblems.length === 0;
  const createdDataset = datasets.data?.items.find((dataset) => dataset.id === created?.datasetId);
  const datasetName = createdDataset ? datasetNameIn(createdDataset, language) : '';
  const rows = formatNumber(created?.rowCount ?? 0, language);

  const startRun = () => {
    if (!created) return;
    run.mutate(
      { id: created.id, mapping },
      {
        onSuccess: (started) => {
          setRunId(started.id);
          setConfirming(false);
        },
      },
    );
  };

  return (
    <Page title={t('title')}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>

      <Step title={t('upload.heading')}>
        <ImportUploadForm onUploaded={startWith} disabled={running} />
      </Step>

      {created && (
        <Step title={t('mapping.heading')}>
          <p className="text-sm font-medium text-stone-800">
            {t('file.summary', { fileName: created.fileName, rows })}
          </p>
          <p className="max-w-3xl text-sm text-stone-600">{t('mapping.hint')}</p>
          {questionTree.isPending && <ListLoading />}
          {questionTree.isError && (
            <ListLoadError error={questionTree.error} onRetry={() => void questionTree.refetch()} />
          )}
          {questionTree.isSuccess && (
            <>
              <MappingTable
                created={created}
                questions={questions}
                mapping={mapping}
                onChange={changeMapping}
                disabled={locked}
              />
              <div className="flex items-center gap-3">
                <Button
                  variant="secondary"
                  loading={preview.isPending}
                  disabled={preview.isPending || locked}
                  onClick={() => preview.mutate({ id: created.id, mapping })}
                >
                  {t('mapping.check')}
                </Button>
                {preview.isPending && (
                  <p role="status" className="text-sm text-stone-600">
                    {t('mapping.checking')}
                  </p>
                )}
              </div>
              {preview.isError && <Alert>{errorText(preview.error, t('preview.failed'))}</Alert>}
              {checked && <PreviewResult preview={checked} />}
            </>
          )}
        </Step>
      )}

      {created && questionTree.isSuccess && (
        <Step title={t('run.heading')}>
          {runState !== 'imported' && (
            <div className="flex flex-col items-start gap-2">
              <Button
                onClick={() => {
                  run.reset();
                  setConfirming(true);
                }}
                disabled={!ready || locked}
                aria-describedby={ready ? undefined : 'import-run-hint'}
              >
                {t('run.submit', { rows })}
              </Button>
              {!ready && (
                <p id="import-run-hint" className="text-sm text-stone-600">
                  {checked ? t('run.blocked') : t('run.needsCheck')}
                </p>
              )}
            </div>
          )}
          {progress.data && <ImportProgress current={progress.data} />}
          {progress.isError && <Alert>{errorText(progress.error, t('run.progressFailed'))}</Alert>}
        </Step>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('run.confirmTitle')}
        description={t('run.confirmDescription', { rows, dataset: datasetName })}
        confirmLabel={t('run.confirm')}
        cancelLabel={t('run.cancel')}
        onConfirm={startRun}
        pending={run.isPending}
        error={run.isError ? errorText(run.error, t('run.failedToStart')) : null}
      />
    </Page>
  );
};
