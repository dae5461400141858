import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n/use-language';
import { firstText } from '@/shared/surveys/survey-text';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { nextOptionOrder, optionsOf } from '../lib/question-tree';
import { OPTIONS_FIRST_PAGE, OPTIONS_MORE_PAGE } from '../lib/survey-constants';
import { blankOption, liveOptions, type DraftOption, type DraftQuestion } from '../lib/survey-draft';
import { useBuilder } from './builder-context';
import { OptionRow } from './option-row';

const matches = (option: DraftOption, filter: string) =>
  [option.value, option.descriptionXk, option.descriptionEn, option.descriptionSr].some((text) =>
    text.toLocaleLowerCase().includes(filter),
  );

/**
 * A question's options: a filter box, the first 100 then 200 more per 'load more' (spec §9), and
 * an add button. Options borrowed from another question are listed read-only (spec §5).
 */
export const OptionEditor = ({ question }: { question: DraftQuestion }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { questions, dispatch, setFocusKey } = useBuilder();
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(OPTIONS_FIRST_PAGE);
  const headingId = useId();

  const borrowed = question.questionOptionsId !== null;
  const live = borrowed ? optionsOf(questions, question) : liveOptions(question.options);
  const needle = filter.trim().toLocaleLowerCase();
  const visible = needle ? live.filter((option) => matches(option, needle)) : live;
  const positionOf = new Map(live.map((option, index) => [option.key, index + 1]));

  const handleAdd = () => {
    const option = blankOption(nextOptionOrder(question.options));
    dispatch({ type: 'optionAdded', questionKey: question.key, option });
    setFilter('');
    setShown((current) => Math.max(current, live.length + 1));
    setFocusKey(option.key);
  };

  if (borrowed) {
    const source = questions.find((candidate) => candidate.id === question.questionOptionsId);
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-stone-900">
          {t('options.title', { count: live.length })}
        </h4>
        <p className="text-sm text-stone-600">
          {t('options.borrowed', { nr: source?.questionNr ?? question.questionOptionsId })}
        </p>
        <ul className="list-disc pl-5 text-sm text-stone-700">
          {live.slice(0, shown).map((option) => (
            <li key={option.key}>{firstText(option, 'description', language) ?? option.value}</li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h4 id={headingId} className="text-sm font-semibold text-stone-900">
          {t('options.title', { count: live.length })}
        </h4>
        {live.length > 1 && (
          <TextField
            type="search"
            label={t('options.filter')}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setShown(OPTIONS_FIRST_PAGE);
            }}
            className="w-full sm:w-64"
          />
        )}
      </div>
      {needle && visible.length === 0 && <p className="text-sm text-stone-600">{t('options.noMatches')}</p>}
      <ol className="flex flex-col gap-2">
        {visible.slice(0, shown).map((option) => (
          <li key={option.key}>
            <OptionRow
              question={question}
              option={option}
              position={positionOf.get(option.key) ?? 0}
              canDelete={live.length > 1}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        {visible.length > shown && (
          <Button variant="secondary" onClick={() => setShown((current) => current + OPTIONS_MORE_PAGE)}>
            {t('options.loadMore', { count: Math.min(OPTIONS_MORE_PAGE, visible.length - shown) })}
          </Button>
        )}
        <Button variant="secondary" onClick={handleAdd}>
          {t('options.add')}
        </Button>
        {visible.length > shown && (
          <p className="text-sm text-stone-600">{t('options.showing', { shown, total: visible.length })}</p>
        )}
      </div>
    </section>
  );
};
