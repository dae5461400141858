import { deviceLabel } from '@trashegimia/contract/devices';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { useDevices } from '@/shared/api/get-devices';
import { useSurveys } from '@/shared/api/get-surveys';
import { useUsers } from '@/shared/api/get-users';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Button } from '@/shared/ui/button';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import {
  hasChosenFilters,
  SORT_CHOICES,
  STATUS_CHOICES,
  TEXT_FILTER_DELAY_MS,
  TEXT_FILTERS,
  type AssetListFilters as Filters,
  type SortChoice,
  type StatusChoice,
} from '../lib/asset-list-params';
import { useTypedFilter } from '../lib/use-typed-filter';

/** Spec §9: dropdown lists ask for page 1 with up to 200 entries. */
const DROPDOWN_QUERY = { page: 1, limit: 200 } as const;

const idOf = (value: string) => (value === '' ? null : Number(value));

type AssetListFiltersProps = {
  filters: Filters;
  sort: SortChoice;
  onFiltersChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
  onSortChange: (sort: SortChoice) => void;
};

/**
 * The asset list's filters (spec §2: status, dataset, survey; and what field work needs: name,
 * municipality and village as typed, a date range, the collector and the device) and its order.
 */
export const AssetListFilters = ({ filters, sort, onFiltersChange, onClear, onSortChange }: AssetListFiltersProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const datasets = useDatasets({ ...DROPDOWN_QUERY, includeInactive: true });
  const surveys = useSurveys(DROPDOWN_QUERY);
  const users = useUsers({ ...DROPDOWN_QUERY, sortBy: 'userName', sortOrder: 'asc' });
  const devices = useDevices({ ...DROPDOWN_QUERY, sortBy: 'mac', sortOrder: 'asc' });
  const userItems = users.data?.items ?? [];
  const deviceItems = devices.data?.items ?? [];

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t('list.filters.label')}</legend>
      {TEXT_FILTERS.map((field) => (
        <TypedFilter
          key={field}
          label={t(`list.filters.${field}`)}
          value={filters[field]}
          onSettled={(text) => onFiltersChange({ [field]: text })}
        />
      ))}
      <SelectField
        label={t('list.filters.status')}
        value={filters.status}
        onChange={(event) => onFiltersChange({ status: event.target.value as StatusChoice })}
      >
        {STATUS_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`list.status.${choice}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.dataset')}
        value={filters.datasetId ?? ''}
        onChange={(event) => onFiltersChange({ datasetId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allDatasets')}</option>
        {datasets.data?.items.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {datasetNameIn(dataset, language)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.survey')}
        value={filters.surveyId ?? ''}
        onChange={(event) => onFiltersChange({ surveyId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allSurveys')}</option>
        {surveys.data?.items.map((survey) => (
          <option key={survey.id} value={survey.id}>
            {localize(survey, 'description', language) ?? t('list.filters.untitledSurvey', { id: survey.id })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.collector')}
        value={filters.userId ?? ''}
        onChange={(event) => onFiltersChange({ userId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allCollectors')}</option>
        {/* A link may name an account beyond the first 200: it stays chosen, by its number. */}
        {filters.userId !== null && !userItems.some((user) => user.id === filters.userId) && (
          <option value={filters.userId}>{t('list.filters.collectorNumber', { id: filters.userId })}</option>
        )}
        {userItems.map((user) => (
          <option key={user.id} value={user.id}>
            {user.userName}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.device')}
        value={filters.deviceId ?? ''}
        onChange={(event) => onFiltersChange({ deviceId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allDevices')}</option>
        {filters.deviceId !== null && !deviceItems.some((device) => device.id === filters.deviceId) && (
          <option value={filters.deviceId}>{t('list.filters.deviceNumber', { id: filters.deviceId })}</option>
        )}
        {deviceItems.map((device) => (
          <option key={device.id} value={device.id}>
            {deviceLabel(device)}
          </option>
        ))}
      </SelectField>
      <TextField
        type="date"
        label={t('list.filters.dateFrom')}
        value={filters.dateFrom ?? ''}
        max={filters.dateTo ?? undefined}
        onChange={(event) => onFiltersChange({ dateFrom: event.target.value || null })}
      />
      <TextField
        type="date"
        label={t('list.filters.dateTo')}
        value={filters.dateTo ?? ''}
        min={filters.dateFrom ?? undefined}
        onChange={(event) => onFiltersChange({ dateTo: event.target.value || null })}
      />
      <SelectField
        label={t('list.filters.sort')}
        value={sort}
        onChange={(event) => onSortChange(event.target.value as SortChoice)}
      >
        {Object.keys(SORT_CHOICES).map((choice) => (
          <option key={choice} value={choice}>
            {t(`list.sort.${choice as SortChoice}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end">
        <Button variant="secondary" onClick={onClear} disabled={!hasChosenFilters(filters)}>
          {t('list.filters.clear')}
        </Button>
      </div>
    </fieldset>
  );
};

type TypedFilterProps = { label: string; value: string; onSettled: (text: string) => void };

/** A text filter: the list asks the server once typing pauses, not per key. */
const TypedFilter = ({ label, value, onSettled }: TypedFilterProps) => {
  const { text, changeText } = useTypedFilter(value, onSettled, TEXT_FILTER_DELAY_MS);
  return <TextField type="search" label={label} value={text} onChange={(event) => changeText(event.target.value)} />;
};
