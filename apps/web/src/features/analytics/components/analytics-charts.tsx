import type { RespondentSummary } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { CHART_TOP_COUNT } from '../lib/analytics-constants';
import { riskBars, topBars } from '../lib/chart-bars';
import type { ValueLabeler } from '../lib/value-labels';
import { BarChart } from './bar-chart';

type AnalyticsChartsProps = {
  summary: RespondentSummary;
  labelFor: ValueLabeler;
  /** The dataset's colour, for the bars that have no colour of their own. */
  color: string;
};

/** Assets per municipality, per risk level (in the map's colours) and per type, in the reader's language. */
export const AnalyticsCharts = ({ summary, labelFor, color }: AnalyticsChartsProps) => {
  const { t } = useTranslation('analytics');
  const options = { top: CHART_TOP_COUNT, otherLabel: t('charts.other'), color };
  const notRecorded = t('charts.notRecorded');

  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      <BarChart
        title={t('charts.byMunicipality')}
        bars={topBars(summary.byMunicipality, {
          ...options,
          labelOf: (value) => labelFor('MUNICIPALITY_NAME', value) ?? notRecorded,
        })}
      />
      <BarChart
        title={t('charts.byRiskLevel')}
        bars={riskBars(summary.byRiskLevel, { labelOf: (level) => t(`risk.${level}`), colors: RISK_COLORS })}
      />
      <BarChart
        title={t('charts.byType')}
        bars={topBars(summary.byType, { ...options, labelOf: (value) => labelFor('ASSET_TYPE', value) ?? notRecorded })}
      />
    </div>
  );
};
