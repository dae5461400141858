import { MEDIA_TYPES, type MediaType } from '@trashegimia/contract/assets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaTypeIcon } from '@/shared/media/media-type-icon';

type ContentTypeFilterProps = { chosen: MediaType[]; onChange: (types: MediaType[]) => void };

/** Checkboxes for photo, video, audio, PDF, 3D and 360°: an asset passes when it has any ticked type. */
export const ContentTypeFilter = ({ chosen, onChange }: ContentTypeFilterProps) => {
  const { t } = useTranslation('archive');
  const hintId = useId();
  const toggle = (type: MediaType, checked: boolean) =>
    onChange(MEDIA_TYPES.filter((each) => (each === type ? checked : chosen.includes(each))));
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('filters.contentTypes')}</legend>
      <p id={hintId} className="text-xs text-stone-500">
        {t('filters.contentTypesHint')}
      </p>
      <ul className="grid grid-cols-2 gap-1">
        {MEDIA_TYPES.map((type) => (
          <li key={type}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1.5 text-sm text-stone-700 hover:bg-stone-100">
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                className="size-4 shrink-0 accent-brand-700"
              />
              <MediaTypeIcon type={type} className="size-4 shrink-0 text-stone-500" />
              {t(`types.${type}`, { ns: 'media' })}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
};
