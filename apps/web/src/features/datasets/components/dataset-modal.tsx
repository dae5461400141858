import { DEFAULT_PILL_COLOR, PillColor, type Dataset } from '@trashegimia/contract/datasets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EditorModal } from '@/shared/ui/editor-modal';
import { TextareaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useCreateDataset } from '../api/create-dataset';
import { useUpdateDataset } from '../api/update-dataset';

const SUFFIXES = ['Xk', 'En', 'Sr'] as const;

type DatasetForm = {
  nameXk: string;
  nameEn: string;
  nameSr: string;
  descriptionXk: string;
  descriptionEn: string;
  descriptionSr: string;
  pillColor: string;
  isActive: boolean;
};

const formFrom = (dataset: Dataset | null): DatasetForm => ({
  nameXk: dataset?.nameXk ?? '',
  nameEn: dataset?.nameEn ?? '',
  nameSr: dataset?.nameSr ?? '',
  descriptionXk: dataset?.descriptionXk ?? '',
  descriptionEn: dataset?.descriptionEn ?? '',
  descriptionSr: dataset?.descriptionSr ?? '',
  pillColor: dataset?.pillColor ?? DEFAULT_PILL_COLOR,
  isActive: dataset?.isActive ?? true,
});

/** The colour picker understands only #rrggbb, so #abc is widened for it. */
const pickerValue = (color: string) => {
  const trimmed = color.trim();
  if (/^#[0-9A-Fa-f]{6}$/.test(trimmed)) return trimmed;
  if (/^#[0-9A-Fa-f]{3}$/.test(trimmed)) return `#${[...trimmed.slice(1)].map((digit) => digit + digit).join('')}`;
  return DEFAULT_PILL_COLOR;
};

type DatasetModalProps = {
  /** The dataset to edit, 'new' to create one, null when closed. */
  editing: Dataset | 'new' | null;
  onClose: () => void;
};

/** Create or edit a dataset: three names (the Albanian one required), three descriptions, pill colour, active flag (spec §2, §9). */
export const DatasetModal = ({ editing, onClose }: DatasetModalProps) => {
  const { t } = useTranslation('datasetsAdmin');
  return (
    <EditorModal
      editing={editing}
      onClose={onClose}
      size="lg"
      titles={{ create: t('form.createTitle'), edit: t('form.editTitle') }}
    >
      {(dataset) => <DatasetFormBody dataset={dataset} onDone={onClose} />}
    </EditorModal>
  );
};

const DatasetFormBody = ({ dataset, onDone }: { dataset: Dataset | null; onDone: () => void }) => {
  const { t } = useTranslation('datasetsAdmin');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [form, setForm] = useState<DatasetForm>(() => formFrom(dataset));
  const [showProblems, setShowProblems] = useState(false);
  const creation = useCreateDataset();
  const update = useUpdateDataset();
  const saving = creation.isPending || update.isPending;
  const saveError = creation.error ?? update.error;
  const nameMissing = showProblems && !form.nameXk.trim();
  const colorInvalid = showProblems && !PillColor.safeParse(form.pillColor).success;

  const change = (changes: Partial<DatasetForm>) => setForm((current) => ({ ...current, ...changes }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.nameXk.trim() || !PillColor.safeParse(form.pillColor).success) {
      setShowProblems(true);
      return;
    }
    const onSuccess = () => {
      showToast({ message: t('form.saved'), tone: 'success' });
      onDone();
    };
    if (dataset) update.mutate({ id: dataset.id, ...form }, { onSuccess });
    else creation.mutate(form, { onSuccess });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('form.nameXk')}
        value={form.nameXk}
        required
        aria-invalid={nameMissing ? true : undefined}
        onChange={(event) => change({ nameXk: event.target.value })}
      />
      {nameMissing && <Alert>{t('form.nameRequired')}</Alert>}
      {(['En', 'Sr'] as const).map((suffix) => (
        <TextField
          key={suffix}
          label={t(`form.name${suffix}`)}
          value={form[`name${suffix}`]}
          onChange={(event) => change({ [`name${suffix}`]: event.target.value })}
        />
      ))}
      {SUFFIXES.map((suffix) => (
        <TextareaField
          key={suffix}
          rows={2}
          label={t(`form.description${suffix}`)}
          value={form[`description${suffix}`]}
          onChange={(event) => change({ [`description${suffix}`]: event.target.value })}
        />
      ))}
      <div className="flex items-end gap-3">
        <TextField
          label={t('form.pillColor')}
          value={form.pillColor}
          spellCheck={false}
          aria-invalid={colorInvalid ? true : undefined}
          onChange={(event) => change({ pillColor: event.target.value })}
          className="w-40"
        />
        <input
          type="color"
          aria-label={t('form.pillColorPicker')}
          value={pickerValue(form.pillColor)}
          onChange={(event) => change({ pillColor: event.target.value.toUpperCase() })}
          className="h-10 w-14 cursor-pointer rounded-md border border-stone-300 bg-white p-1"
        />
      </div>
      {colorInvalid && <Alert>{t('form.pillColorInvalid')}</Alert>}
      <label className="inline-flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          checked={form.isActive}
          onChange={(event) => change({ isActive: event.target.checked })}
          className="size-4 accent-brand-700"
        />
        {t('form.isActive')}
      </label>
      {saveError && <Alert>{errorText(saveError, t('form.saveFailed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
