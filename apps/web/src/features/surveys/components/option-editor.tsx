import { useCallback, useId, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_SUFFIX } from '@trashegimia/contract/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useRowsDrawn } from '@/shared/ui/use-rows-drawn';
import { useToast } from '@/shared/ui/use-toast';
import type { OptionChanges } from '../lib/draft-reducer';
import type { PastedOption } from '../lib/paste-options';
import { nextOptionOrder, optionsOf } from '../lib/question-tree';
import { OPTIONS_FIRST_PAGE, OPTIONS_MORE_PAGE } from '../lib/survey-constants';
import { blankOption, liveOptions, type DraftOption, type DraftQuestion } from '../lib/survey-draft';
import { useBuilder } from './builder-context';
import { LanguageTabs } from './language-tabs';
import { OPTION_ROW_COLUMNS, OptionRow, rowTexts } from './option-row';
import { PasteOptionsDialog } from './paste-options-dialog';

/** Each option's searchable text, lower-cased once per version of the option (an edit makes a new one). */
const searchTexts = new WeakMap<DraftOption, string>();
const matches = (option: DraftOption, needle: string) => {
  let text = searchTexts.get(option);
  if (text === undefined) {
    // Line breaks keep a match from running from one field into the next.
    text = [option.value, option.descriptionXk, option.descriptionEn, option.descriptionSr]
      .join('\n')
      .toLocaleLowerCase();
    searchTexts.set(option, text);
  }
  return text.includes(needle);
};

/** A question's options: its own to edit, or those it borrows from another question, read-only (spec §5). */
export const OptionEditor = ({ question }: { question: DraftQuestion }) =>
  question.questionOptionsId === null ? <OwnOptions question={question} /> : <BorrowedOptions question={question} />;

const BorrowedOptions = ({ question }: { question: DraftQuestion }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { questions } = useBuilder();
  const headingId = useId();
  const live = optionsOf(questions, question);
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
        {live.slice(0, OPTIONS_FIRST_PAGE).map((option) => (
          <li key={option.key}>{localize(option, 'description', language) ?? option.value}</li>
        ))}
      </ul>
    </section>
  );
};

/**
 * One compact row per option (value and the label in the chosen language; the rest behind each
 * row's 'More'), a filter box, the first 100 then 200 more per 'load more' (spec §9), adding one
 * option or pasting many. Rows are memoised and get the same callbacks on every render, and an
 * edit replaces only its own option, so a keystroke redraws one row even among a thousand; new
 * rows are drawn a frame's worth at a time.
 */
const OwnOptions = ({ question }: { question: DraftQuestion }) => {
  const { t } = useTranslation('surveys');
  const { dispatch, focusKey, setFocusKey, onDeleteOption } = useBuilder();
  const { showToast } = useToast();
  const [filter, setFilter] = useState('');
  // The keys that matched when the filter was typed: an option being edited stays in view even once it no longer matches.
  const [matchingKeys, setMatchingKeys] = useState<Set<string> | null>(null);
  const [shown, setShown] = useState(OPTIONS_FIRST_PAGE);
  const [pasteOpen, setPasteOpen] = useState(false);
  const headingId = useId();
  const questionKey = question.key;

  const live = useMemo(() => liveOptions(question.options), [question.options]);
  const positionOf = useMemo(() => new Map(live.map((option, index) => [option.key, index + 1])), [live]);
  const visible = useMemo(
    () => (matchingKeys ? live.filter((option) => matchingKeys.has(option.key)) : live),
    [live, matchingKeys],
  );

  const handleChange = useCallback(
    (optionKey: string, changes: OptionChanges) => dispatch({ type: 'optionChanged', questionKey, optionKey, changes }),
    [dispatch, questionKey],
  );
  const handleDelete = useCallback(
    (optionKey: string) => onDeleteOption(questionKey, optionKey),
    [onDeleteOption, questionKey],
  );

  const handleFilter = (text: string) => {
    const needle = text.trim().toLocaleLowerCase();
    setFilter(text);
    setMatchingKeys(
      needle ? new Set(live.filter((option) => matches(option, needle)).map((option) => option.key)) : null,
    );
    setShown(OPTIONS_FIRST_PAGE);
  };

  const handleAdd = () => {
    const option = blankOption(nextOptionOrder(question.options));
    dispatch({ type: 'optionAdded', questionKey, option });
    handleFilter('');
    setShown((current) => Math.max(current, live.length + 1));
    setFocusKey(option.key);
  };

  const handlePaste = (options: PastedOption[]) => {
    dispatch({ type: 'optionsPasted', questionKey, options });
    handleFilter('');
    setPasteOpen(false);
    showToast({ message: t('options.paste.added', { count: options.length }), tone: 'success' });
  };

  const hiddenCount = visible.length - shown;
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
            onChange={(event) => handleFilter(event.target.value)}
            className="w-full sm:w-64"
          />
        )}
      </div>
      <LanguageTabs label={t('options.labelLanguage', { nr: question.questionNr })}>
        {(language) =>
          matchingKeys && visible.length === 0 ? (
            <p className="text-sm text-stone-600">{t('options.noMatches')}</p>
          ) : (
            <OptionRows
              options={visible}
              shown={shown}
              questionKey={questionKey}
              questionNr={question.questionNr}
              positionOf={positionOf}
              language={language}
              canDelete={live.length > 1}
              focusKey={focusKey}
              onChange={handleChange}
              onDelete={handleDelete}
              onFocused={setFocusKey}
            />
          )
        }
      </LanguageTabs>
      <div className="flex flex-wrap items-center gap-3">
        {hiddenCount > 0 && (
          <Button variant="secondary" onClick={() => setShown((current) => current + OPTIONS_MORE_PAGE)}>
            {t('options.loadMore', { count: Math.min(OPTIONS_MORE_PAGE, hiddenCount) })}
          </Button>
        )}
        <Button variant="secondary" onClick={handleAdd}>
          {t('options.add')}
        </Button>
        <Button variant="secondary" onClick={() => setPasteOpen(true)}>
          {t('options.paste.open')}
        </Button>
        {hiddenCount > 0 && (
          <p className="text-sm text-stone-600">{t('options.showing', { shown, total: visible.length })}</p>
        )}
      </div>
      <PasteOptionsDialog open={pasteOpen} onOpenChange={setPasteOpen} onPaste={handlePaste} />
    </section>
  );
};

type OptionRowsProps = Omit<ComponentProps<typeof OptionRow>, 'option' | 'position' | 'focused' | 'texts'> & {
  /** The options to list (filtered); the first `shown` of them are drawn. */
  options: DraftOption[];
  shown: number;
  positionOf: Map<string, number>;
  focusKey: string | null;
};

/**
 * The drawn rows under their column headings. Drawn anew for each language tab, and a frame's
 * worth of rows at a time (see useRowsDrawn).
 */
const OptionRows = ({ options, shown, positionOf, focusKey, language, ...rowProps }: OptionRowsProps) => {
  const { t } = useTranslation('surveys');
  const texts = useMemo(() => rowTexts(t, language), [t, language]);
  const wanted = useMemo(() => options.slice(0, shown), [options, shown]);
  const keys = useMemo(() => wanted.map((option) => option.key), [wanted]);
  const drawn = useRowsDrawn(keys);
  if (wanted.length === 0) return null;
  return (
    <>
      {/* Column headings for the eye; each field names its column and row for screen readers. */}
      <div aria-hidden="true" className={`${OPTION_ROW_COLUMNS} pb-1 text-xs font-semibold text-stone-500`}>
        <span className="text-right">#</span>
        <span>{t('options.value')}</span>
        <span>{t(`options.description${LANGUAGE_SUFFIX[language]}`)}</span>
      </div>
      <ol>
        {wanted.slice(0, drawn).map((option) => (
          <OptionRow
            key={option.key}
            {...rowProps}
            option={option}
            position={positionOf.get(option.key) ?? 0}
            language={language}
            focused={focusKey === option.key}
            texts={texts}
          />
        ))}
      </ol>
    </>
  );
};
