import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextareaField } from '@/shared/ui/textarea-field';
import { parsePastedOptions, type PastedOption } from '../lib/paste-options';

/** Rows the preview shows, enough to see that the columns landed where they should. */
const PREVIEW_ROWS = 5;

type PasteOptionsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The options read from the text, to add after the question's own. */
  onPaste: (options: PastedOption[]) => void;
};

/**
 * 'Paste options': a text box for a list, one option per line, or cells copied from a spreadsheet
 * (value and the labels in XK, EN, SR); it counts and previews what it will add before adding it.
 */
export const PasteOptionsDialog = ({ open, onOpenChange, onPaste }: PasteOptionsDialogProps) => {
  const { t } = useTranslation('surveys');
  const [text, setText] = useState('');
  // Thousands of pasted lines are read again after the text box has answered the keystroke.
  const previewText = useDeferredValue(text);
  const preview = useMemo(() => parsePastedOptions(previewText), [previewText]);
  const countId = useId();

  const close = () => {
    onOpenChange(false);
    setText('');
  };
  const handleAdd = () => {
    const { options } = parsePastedOptions(text);
    if (options.length === 0) return;
    onPaste(options);
    setText('');
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('options.paste.title')}
      description={t('options.paste.description')}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={handleAdd} disabled={preview.options.length === 0}>
            {t('options.paste.add')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextareaField
          label={t('options.paste.label')}
          rows={10}
          wrap="off"
          spellCheck={false}
          aria-describedby={countId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={countId} role="status" className="text-sm font-semibold text-stone-800">
          {t('options.paste.count', { count: preview.options.length })}
          {preview.refused > 0 && ` · ${t('options.paste.refused', { count: preview.refused })}`}
        </p>
        {preview.options.length > 0 && (
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">{t('options.paste.preview')}</caption>
            <thead className="text-xs text-stone-500">
              <tr>
                <th scope="col">{t('options.value')}</th>
                <th scope="col">{t('options.descriptionXk')}</th>
                <th scope="col">{t('options.descriptionEn')}</th>
                <th scope="col">{t('options.descriptionSr')}</th>
              </tr>
            </thead>
            <tbody className="text-stone-800">
              {preview.options.slice(0, PREVIEW_ROWS).map((option, index) => (
                <tr key={index} className="border-t border-stone-100">
                  <td className="truncate py-1 pr-2">{option.value}</td>
                  <td className="truncate py-1 pr-2">{option.descriptionXk}</td>
                  <td className="truncate py-1 pr-2">{option.descriptionEn}</td>
                  <td className="truncate py-1 pr-2">{option.descriptionSr}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Modal>
  );
};
