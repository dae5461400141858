import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { checkSpreadsheet, spreadsheetAccept, type SpreadsheetCheck } from '@/shared/files/spreadsheet-file';
import { useSpreadsheetRefusal } from '@/shared/files/use-spreadsheet-refusal';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { useToast } from '@/shared/ui/use-toast';
import { useImportXlsForm } from '../api/import-xlsform';
import { usePreviewXlsForm } from '../api/preview-xlsform';
import { XlsFormSurveyPreview, XlsFormWarnings } from './xlsform-preview';

/** An XLSForm is a workbook; its CSV form has no room for the choices and settings sheets. */
const XLSFORM_KINDS = ['xlsx'] as const;

type XlsFormImportDialogProps = { open: boolean; onClose: () => void };

/**
 * 'Import XLSForm': the chosen workbook goes to the server as a dry run at once, which shows the
 * survey it would make and what of the form it would not; 'Create survey' sends it for real and
 * opens the new survey's editor.
 */
export const XlsFormImportDialog = ({ open, onClose }: XlsFormImportDialogProps) => {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const fileId = useId();
  const { maxBytes, maxMegabytes, refusalText } = useSpreadsheetRefusal();
  const preview = usePreviewXlsForm();
  const creation = useImportXlsForm();
  const [chosen, setChosen] = useState<{ file: File; check: SpreadsheetCheck } | null>(null);

  const close = () => {
    setChosen(null);
    preview.reset();
    creation.reset();
    onClose();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    preview.reset();
    creation.reset();
    if (!file) return setChosen(null);
    const check = checkSpreadsheet(file, maxBytes, XLSFORM_KINDS);
    setChosen({ file, check });
    if ('kind' in check) preview.mutate(file);
  };

  const create = () => {
    if (!chosen) return;
    creation.mutate(chosen.file, {
      onSuccess: ({ id, warnings }) => {
        showToast({ message: t('xlsform.created', { count: warnings.length }), tone: 'success' });
        close();
        void navigate(paths.admin.survey.getHref(id));
      },
    });
  };

  const checkProblem = chosen && 'problem' in chosen.check ? chosen.check.problem : null;
  const checkText =
    checkProblem === 'type'
      ? t('xlsform.wrongType')
      : checkProblem === 'size'
        ? t('xlsform.tooLarge', { max: maxMegabytes })
        : checkProblem === 'empty'
          ? t('xlsform.empty')
          : null;
  // The dry run and the real one refuse alike; the last one tried is the one to explain.
  const failure = creation.error ?? preview.error;
  const unusable = isApiError(failure) && failure.code === 'xlsform_unusable' ? failure : null;
  const failureText = failure && (unusable ? t('xlsform.unusable') : refusalText(failure, t('xlsform.failed')));
  const read = preview.data;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('xlsform.title')}
      description={t('xlsform.description')}
      size="xl"
      dismissible={!creation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={creation.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={create} disabled={!read || creation.isPending} loading={creation.isPending}>
            {creation.isPending ? t('xlsform.creating') : t('xlsform.create')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5" aria-busy={preview.isPending || creation.isPending}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-stone-700">
            {t('xlsform.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={spreadsheetAccept(XLSFORM_KINDS)}
            onChange={choose}
            disabled={creation.isPending}
            aria-describedby={maxMegabytes === undefined ? undefined : `${fileId}-hint`}
            aria-invalid={checkProblem || failure ? true : undefined}
            className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-100"
          />
          {maxMegabytes !== undefined && (
            <p id={`${fileId}-hint`} className="text-xs text-stone-500">
              {t('xlsform.fileHint', { max: maxMegabytes })}
            </p>
          )}
        </div>

        <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
          {preview.isPending && <Spinner className="size-4 text-brand-700" />}
          {preview.isPending ? t('xlsform.reading') : read ? t('xlsform.read', { warnings: read.warnings.length }) : ''}
        </p>
        {checkText && <Alert>{checkText}</Alert>}
        {failureText && <Alert>{failureText}</Alert>}
        {unusable && <XlsFormWarnings warnings={unusable.warnings} />}
        {read && !unusable && (
          <>
            <XlsFormSurveyPreview survey={read.survey} warnings={read.warnings.length} />
            <XlsFormWarnings warnings={read.warnings} />
          </>
        )}
      </div>
    </Modal>
  );
};
