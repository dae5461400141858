import type { DatasetFilter } from '@trashegimia/contract/datasets';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';

type FilterQuestionProps = {
  filter: DatasetFilter;
  chosen: number[];
  onChange: (optionIds: number[]) => void;
};

/** One question as a collapsible multi-select: a checkbox per option. */
export const FilterQuestion = ({ filter: { question }, chosen, onChange }: FilterQuestionProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const [open, setOpen] = useState(chosen.length > 0);
  const panelId = useId();
  const title = pickLocalized(question, 'title', language) ?? question.questionIdentifier ?? `#${question.id}`;
  const chosenSet = new Set(chosen);

  const toggle = (optionId: number, checked: boolean) =>
    onChange(checked ? [...chosen, optionId] : chosen.filter((id) => id !== optionId));

  return (
    <div className="border-b border-stone-200 last:border-b-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center gap-2 py-2.5 text-left text-sm font-medium text-stone-800 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        <span className="flex-1">{title}</span>
        {chosen.length > 0 && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
            {t('dataset.filters.selectedCount', { count: chosen.length })}
          </span>
        )}
        <ChevronDownIcon className={cn('size-4 shrink-0 text-stone-500 transition-transform', open && 'rotate-180')} />
      </button>
      <fieldset id={panelId} hidden={!open} className="pb-3">
        <legend className="sr-only">{title}</legend>
        <ul className="flex max-h-56 flex-col gap-0.5 overflow-y-auto pr-1">
          {question.questionOptions.map((option) => (
            <li key={option.id}>
              <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-1.5 py-1 text-sm text-stone-700 hover:bg-stone-100">
                <input
                  type="checkbox"
                  checked={chosenSet.has(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                <span>{pickLocalized(option, 'description', language) ?? option.value}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
};
