import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useUploadGuideline } from '../api/upload-guideline';
import { GUIDELINE_FILE_ACCEPT, guidelineContentTypeOf } from '../lib/guideline-upload-types';

/** The file's name without its extension: a first suggestion for the document's title. */
const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').trim();

/**
 * Upload a guideline: a PDF or Word file and a name (spec §5: upload is disabled without both,
 * and while uploading). The bar shows how much of the file has been sent.
 */
export const GuidelineUploadForm = () => {
  const { t } = useTranslation('guidelinesAdmin');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const upload = useUploadGuideline();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [wrongType, setWrongType] = useState(false);
  const [sentBytes, setSentBytes] = useState(0);
  // A file input cannot be cleared through its value; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const contentType = file ? guidelineContentTypeOf(file) : null;
  const percent = file && file.size > 0 ? Math.min(100, Math.round((sentBytes / file.size) * 100)) : 0;
  const canUpload = contentType !== null && title.trim() !== '' && !upload.isPending;

  const chooseFile = (chosen: File | null) => {
    upload.reset();
    const accepted = chosen !== null && guidelineContentTypeOf(chosen) !== null;
    setWrongType(chosen !== null && !accepted);
    setFile(accepted ? chosen : null);
    if (accepted && title.trim() === '') setTitle(titleFromFileName(chosen.name));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || contentType === null || !canUpload) return;
    setSentBytes(0);
    upload.mutate(
      { file, contentType, title: title.trim(), onProgress: setSentBytes },
      {
        onSuccess: () => {
          showToast({ message: t('saved'), tone: 'success' });
          setFile(null);
          setTitle('');
          setFileInputKey((key) => key + 1);
        },
        onError: () => showToast({ message: t('saveFailed'), tone: 'error' }),
      },
    );
  };

  return (
    <section
      aria-labelledby="guideline-upload-title"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="guideline-upload-title" className="font-serif text-xl font-semibold text-stone-900">
        {t('upload.title')}
      </h2>
      <form onSubmit={handleSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            key={fileInputKey}
            type="file"
            label={t('upload.file')}
            accept={GUIDELINE_FILE_ACCEPT}
            required
            disabled={upload.isPending}
            aria-invalid={wrongType || undefined}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            className="[&_input]:py-1.5"
          />
          <TextField
            label={t('upload.name')}
            placeholder={t('upload.namePlaceholder')}
            value={title}
            required
            maxLength={500}
            disabled={upload.isPending}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        {wrongType && <Alert>{t('upload.wrongType')}</Alert>}
        {upload.isError && <Alert>{errorText(upload.error, t('api.uploadGuidelineFailed', { ns: 'errors' }))}</Alert>}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" loading={upload.isPending} disabled={!canUpload}>
            {upload.isPending ? t('upload.uploading', { percent }) : t('upload.submit')}
          </Button>
          {upload.isPending && (
            <progress
              max={100}
              value={percent}
              aria-label={t('upload.progress')}
              className="h-2 w-full max-w-xs overflow-hidden rounded-full accent-brand-700"
            />
          )}
        </div>
      </form>
    </section>
  );
};
