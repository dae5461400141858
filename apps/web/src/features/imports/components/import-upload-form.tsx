import type { Import } from '@trashegimia/contract/imports';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { useSurveys } from '@/shared/api/get-surveys';
import { checkSpreadsheet, spreadsheetAccept, type SpreadsheetCheck } from '@/shared/files/spreadsheet-file';
import { useSpreadsheetRefusal } from '@/shared/files/use-spreadsheet-refusal';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { SelectField } from '@/shared/ui/select-field';
import { useCreateImport } from '../api/create-import';
import { PICKER_QUERY } from '../lib/import-constants';

const idOf = (value: string) => (value === '' ? null : Number(value));

/** A register is a workbook or a CSV file. */
const REGISTER_KINDS = ['xlsx', 'csv'] as const;

type ImportUploadFormProps = {
  onUploaded: (created: Import) => void;
  /** While a run is writing, no other file is taken. */
  disabled: boolean;
};

/**
 * Step 1: the survey, the dataset (the survey's default one at first) and the file, sent as it is.
 * The choices stay after an upload, so a corrected file goes to the same survey and dataset.
 */
export const ImportUploadForm = ({ onUploaded, disabled }: ImportUploadFormProps) => {
  const { t } = useTranslation('imports');
  const language = useLanguage();
  const { maxBytes, maxMegabytes, refusalText } = useSpreadsheetRefusal();
  const fileId = useId();
  const surveys = useSurveys(PICKER_QUERY);
  const datasets = useDatasets({ ...PICKER_QUERY, includeInactive: true });
  const upload = useCreateImport();
  const [surveyId, setSurveyId] = useState<number | null>(null);
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [file, setFile] = useState<{ file: File; check: SpreadsheetCheck } | null>(null);
  const [showMissing, setShowMissing] = useState(false);

  const chooseSurvey = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = idOf(event.target.value);
    setSurveyId(id);
    const survey = surveys.data?.items.find((candidate) => candidate.id === id);
    if (survey?.defaultDatasetId != null) setDatasetId(survey.defaultDatasetId);
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    upload.reset();
    setFile(chosen ? { file: chosen, check: checkSpreadsheet(chosen, maxBytes, REGISTER_KINDS) } : null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (surveyId === null || datasetId === null || !file) {
      setShowMissing(true);
      return;
    }
    setShowMissing(false);
    if (!('kind' in file.check)) return;
    upload.mutate(
      { surveyId, datasetId, fileName: file.file.name, file: file.file, kind: file.check.kind },
      { onSuccess: onUploaded },
    );
  };

  const fileProblem = file && 'problem' in file.check ? file.check.problem : null;
  const fileProblemText =
    fileProblem === 'type'
      ? t('upload.wrongType')
      : fileProblem === 'size'
        ? t('upload.tooLarge', { max: maxMegabytes })
        : fileProblem === 'empty'
          ? t('upload.empty')
          : null;
  const uploadError = upload.isError && refusalText(upload.error, t('upload.failed'));

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-busy={upload.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('upload.survey')}
          value={surveyId ?? ''}
          onChange={chooseSurvey}
          hint={surveys.isError ? t('upload.surveysFailed') : undefined}
          required
        >
          <option value="">{t('upload.chooseSurvey')}</option>
          {surveys.data?.items.map((survey) => (
            <option key={survey.id} value={survey.id}>
              {localize(survey, 'description', language) ?? t('upload.untitledSurvey', { id: survey.id })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('upload.dataset')}
          value={datasetId ?? ''}
          onChange={(event) => setDatasetId(idOf(event.target.value))}
          hint={datasets.isError ? t('upload.datasetsFailed') : t('upload.datasetHint')}
          required
        >
          <option value="">{t('upload.chooseDataset')}</option>
          {datasets.data?.items.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {datasetNameIn(dataset, language)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium text-stone-700">
          {t('upload.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept={spreadsheetAccept(REGISTER_KINDS)}
          onChange={chooseFile}
          required
          aria-describedby={maxMegabytes === undefined ? undefined : `${fileId}-hint`}
          aria-invalid={fileProblem ? true : undefined}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-100"
        />
        {maxMegabytes !== undefined && (
          <p id={`${fileId}-hint`} className="text-xs text-stone-500">
            {t('upload.fileHint', { max: maxMegabytes })}
          </p>
        )}
      </div>
      {fileProblemText && <Alert>{fileProblemText}</Alert>}
      {showMissing && <Alert>{t('upload.missing')}</Alert>}
      {uploadError && <Alert>{uploadError}</Alert>}
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          loading={upload.isPending}
          disabled={disabled || upload.isPending || fileProblem !== null}
        >
          {t('upload.submit')}
        </Button>
        {upload.isPending && (
          <p role="status" className="text-sm text-stone-600">
            {t('upload.uploading')}
          </p>
        )}
      </div>
    </form>
  );
};
