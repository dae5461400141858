import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, truncateText } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import type { ChartBar } from '../lib/chart-bars';

// Drawing units: the chart is drawn 1:1 at its widest, and scales down with its column.
const WIDTH = 480;
const LABEL_WIDTH = 168;
const COUNT_SPACE = 56;
const ROW_HEIGHT = 30;
const BAR_HEIGHT = 18;
const LABEL_MAX_CHARACTERS = 22;

type BarChartProps = { title: string; bars: ChartBar[] };

/**
 * A horizontal bar chart drawn in SVG: a label, a bar and the count on each row. Screen readers get
 * the title and every figure as the image's description; anyone may open the same figures as a
 * table.
 */
export const BarChart = ({ title, bars }: BarChartProps) => {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const id = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const barSpace = WIDTH - LABEL_WIDTH - COUNT_SPACE;
  const height = bars.length * ROW_HEIGHT;
  const figures = bars.map((bar) => `${bar.label}: ${formatNumber(bar.count, language)}`).join('; ');
  const ids = { title: `${id}-title`, description: `${id}-description`, table: `${id}-table` };

  return (
    <figure
      aria-labelledby={ids.title}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <figcaption id={ids.title} className="font-serif text-lg font-semibold text-stone-900">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="block h-auto w-full max-w-[480px]"
      >
        <desc id={ids.description}>{figures}</desc>
        {bars.map((bar, index) => {
          const y = index * ROW_HEIGHT;
          const middle = y + ROW_HEIGHT / 2;
          // A bar that counts something stays visible however small its share.
          const barWidth = bar.count > 0 ? Math.max(2, (bar.count / largest) * barSpace) : 0;
          return (
            <g key={bar.key}>
              <title>{`${bar.label}: ${formatNumber(bar.count, language)}`}</title>
              <text
                x={LABEL_WIDTH - 8}
                y={middle}
                textAnchor="end"
                dominantBaseline="central"
                fontSize={13}
                className="fill-stone-700"
              >
                {truncateText(bar.label, LABEL_MAX_CHARACTERS)}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={middle - BAR_HEIGHT / 2}
                width={barWidth}
                height={BAR_HEIGHT}
                rx={3}
                fill={bar.color}
              />
              <text
                x={LABEL_WIDTH + barWidth + 6}
                y={middle}
                dominantBaseline="central"
                fontSize={13}
                fontWeight={600}
                className="fill-stone-900"
              >
                {formatNumber(bar.count, language)}
              </text>
            </g>
          );
        })}
      </svg>
      <button
        type="button"
        aria-expanded={tableOpen}
        aria-controls={ids.table}
        onClick={() => setTableOpen((open) => !open)}
        className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {tableOpen ? t('charts.hideTable') : t('charts.showTable')}
        <ChevronDownIcon className={cn('size-4 transition-transform', tableOpen && 'rotate-180')} />
      </button>
      <table id={ids.table} hidden={!tableOpen} className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-stone-600">
            <th scope="col" className="py-1.5 pr-3 font-semibold">
              {t('charts.value')}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              {t('charts.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key} className="border-b border-stone-100 last:border-b-0">
              <th scope="row" className="py-1.5 pr-3 font-normal text-stone-800">
                {bar.label}
              </th>
              <td className="py-1.5 text-right text-stone-900 tabular-nums">{formatNumber(bar.count, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};
