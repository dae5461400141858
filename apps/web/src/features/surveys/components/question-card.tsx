import {
  CHOICE_TYPES,
  holdsQuestions,
  QUESTION_CATEGORIES,
  QUESTION_IDENTIFIERS,
  QUESTION_NR_MAX_PARTS,
  QUESTION_TYPES,
  type QuestionCategory,
  type QuestionIdentifier,
  type QuestionType,
} from '@trashegimia/contract/questions';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_SUFFIX } from '@trashegimia/contract/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { readNumber } from '@trashegimia/contract/answer-values';
import { localize } from '@trashegimia/contract/localized-text';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { DisclosureMenu } from '@/shared/ui/disclosure-menu';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import type { QuestionChanges } from '../lib/draft-reducer';
import { hasRoomBelow, moveDestinations, takesLimits, takesOptions } from '../lib/question-tree';
import type { DraftQuestion } from '../lib/survey-draft';
import { useBuilder } from './builder-context';
import { LanguageTabs } from './language-tabs';
import { OptionEditor } from './option-editor';

const moveButtonId = (key: string, direction: 'up' | 'down') => `question-${key}-move-${direction}`;
const toggleId = (key: string) => `question-${key}-toggle`;

/** After a change that moves a card in the page (and drops the focus), puts the focus on this element again. */
const refocus = (pick: () => HTMLElement | null) =>
  requestAnimationFrame(() => {
    const element = pick();
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest' });
  });

type QuestionCardProps = { question: DraftQuestion; isFirst: boolean; isLast: boolean };

/**
 * A numbered question card: its heading opens and closes its fields; move up and down, into
 * another chapter or group, delete; chapters and groups list their sub-questions and offer to add
 * one (spec §2).
 */
export const QuestionCard = ({ question, isFirst, isLast }: QuestionCardProps) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { tree, dispatch, focusKey, setFocusKey, onAddQuestion, onDeleteQuestion } = useBuilder();
  const [expanded, setExpanded] = useState(question.id === null || focusKey === question.key);
  const bodyId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const children = tree.get(question.key) ?? [];
  const holder = holdsQuestions(question.questionCategory);
  const title = localize(question, 'title', language) ?? t('builder.untitled');

  // A question just added opens with its fields, and its first title takes the focus.
  useEffect(() => {
    if (focusKey !== question.key) return;
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'center' });
    setFocusKey(null);
  }, [focusKey, question.key, setFocusKey]);

  const change = (changes: QuestionChanges) => dispatch({ type: 'questionChanged', key: question.key, changes });

  const handleMove = (direction: 'up' | 'down') => {
    dispatch({ type: 'questionMoved', key: question.key, direction });
    // Back on the same button, or on the other one when this one has just become disabled at the end of the list.
    refocus(() => {
      const same = document.getElementById(moveButtonId(question.key, direction)) as HTMLButtonElement | null;
      return same && !same.disabled
        ? same
        : document.getElementById(moveButtonId(question.key, direction === 'up' ? 'down' : 'up'));
    });
  };

  const handleMoveInto = (parentKey: string | null) => {
    dispatch({ type: 'questionMovedInto', key: question.key, parentKey });
    // The card is drawn anew under its new parent; its heading takes the focus there.
    refocus(() => document.getElementById(toggleId(question.key)));
  };

  return (
    <li>
      <article
        aria-label={t('builder.cardLabel', { nr: question.questionNr, title })}
        className={cn('rounded-lg border bg-white shadow-sm', holder ? 'border-brand-200' : 'border-stone-200')}
      >
        <div className="flex flex-wrap items-center gap-2 px-3 py-2">
          <h3 className="min-w-0 flex-1">
            <button
              id={toggleId(question.key)}
              type="button"
              aria-expanded={expanded}
              aria-controls={bodyId}
              onClick={() => setExpanded((open) => !open)}
              className="flex w-full items-center gap-3 rounded-md px-1 py-1 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} />
              <span className="rounded bg-stone-100 px-2 py-0.5 font-mono text-sm text-stone-700 tabular-nums">
                {question.questionNr}
              </span>
              <span className="min-w-0 truncate font-semibold text-stone-900">{title}</span>
              <span className="ml-auto shrink-0 text-xs text-stone-500">
                {question.questionType
                  ? t(`questionTypes.${question.questionType}`)
                  : t(`categories.${question.questionCategory}`)}
                {question.required && ` · ${t('builder.required')}`}
              </span>
            </button>
          </h3>
          <div className="flex items-center gap-1">
            <Button
              id={moveButtonId(question.key, 'up')}
              variant="ghost"
              className="px-2 py-1"
              disabled={isFirst}
              aria-label={t('builder.moveUp', { nr: question.questionNr })}
              onClick={() => handleMove('up')}
            >
              <span aria-hidden="true">↑</span>
            </Button>
            <Button
              id={moveButtonId(question.key, 'down')}
              variant="ghost"
              className="px-2 py-1"
              disabled={isLast}
              aria-label={t('builder.moveDown', { nr: question.questionNr })}
              onClick={() => handleMove('down')}
            >
              <span aria-hidden="true">↓</span>
            </Button>
            <MoveIntoMenu question={question} onMove={handleMoveInto} />
            <Button
              variant="ghost"
              className="px-2.5 py-1 text-red-700"
              aria-label={t('builder.deleteLabel', { nr: question.questionNr })}
              onClick={() => onDeleteQuestion(question)}
            >
              {t('builder.delete')}
            </Button>
          </div>
        </div>

        <div id={bodyId} hidden={!expanded} className="border-t border-stone-100 px-4 py-4">
          {expanded && <QuestionFields question={question} titleRef={titleRef} onChange={change} />}
        </div>

        {holder && (
          <div className="border-t border-stone-100 px-4 py-3">
            {children.length > 0 && (
              <ol aria-label={t('builder.subQuestions', { nr: question.questionNr })} className="flex flex-col gap-2">
                {children.map((child, index) => (
                  <QuestionCard
                    key={child.key}
                    question={child}
                    isFirst={index === 0}
                    isLast={index === children.length - 1}
                  />
                ))}
              </ol>
            )}
            {hasRoomBelow(question) ? (
              <Button
                variant="secondary"
                className="mt-3"
                aria-label={t('builder.addSubQuestionLabel', { nr: question.questionNr })}
                onClick={() => onAddQuestion(question.key)}
              >
                {t('builder.addSubQuestion')}
              </Button>
            ) : (
              <p className="mt-3 text-sm text-stone-600">{t('builder.deepest', { max: QUESTION_NR_MAX_PARTS })}</p>
            )}
          </div>
        )}
      </article>
    </li>
  );
};

const MENU_ITEM =
  'block w-full px-4 py-2 text-left text-sm text-stone-800 hover:bg-stone-100 focus-visible:bg-stone-100 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';

/**
 * 'Move…': the top level and the chapters and groups the question can go into, worked out only
 * while the menu is open. One not saved yet waits for a save when the question itself is saved.
 */
const MoveIntoMenu = ({
  question,
  onMove,
}: {
  question: DraftQuestion;
  onMove: (parentKey: string | null) => void;
}) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { questions } = useBuilder();
  return (
    <DisclosureMenu
      trigger={t('builder.move')}
      triggerLabel={t('builder.moveLabel', { nr: question.questionNr })}
      triggerClassName="rounded-md px-2.5 py-1 text-sm font-semibold text-stone-700 hover:bg-stone-200/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
    >
      {() => {
        const destinations = moveDestinations(questions, question);
        if (destinations.length === 0)
          return <p className="px-4 py-2 text-sm text-stone-600">{t('builder.moveNowhere')}</p>;
        return destinations.map(({ parent, waitsForSave }) => {
          const place = parent
            ? t('builder.moveInto', {
                nr: parent.questionNr,
                title: localize(parent, 'title', language) ?? t('builder.untitled'),
              })
            : t('builder.moveToTop');
          return (
            <button
              key={parent?.key ?? ''}
              type="button"
              disabled={waitsForSave}
              onClick={() => onMove(parent?.key ?? null)}
              className={MENU_ITEM}
            >
              {waitsForSave ? t('builder.moveWaitsForSave', { place }) : place}
            </button>
          );
        });
      }}
    </DisclosureMenu>
  );
};

type QuestionFieldsProps = {
  question: DraftQuestion;
  titleRef: RefObject<HTMLInputElement | null>;
  onChange: (changes: QuestionChanges) => void;
};

/**
 * The card's fields; identifier, limits and option source are disabled for chapters and groups
 * (spec §5), and so is 'Required'. NUMBER reads its limits as numeric bounds; DATE has none, and
 * neither shows options.
 */
const QuestionFields = ({ question, titleRef, onChange }: QuestionFieldsProps) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { questions, tree, groups, dispatch } = useBuilder();
  const holder = holdsQuestions(question.questionCategory);
  const numeric = question.questionType === 'NUMBER';
  const limitsOff = holder || !takesLimits(question.questionType);
  const noOptions = holder || !takesOptions(question.questionType);
  const hasChildren = (tree.get(question.key) ?? []).length > 0;
  const boundProblem = (limit: string) =>
    numeric && limit.trim() !== '' && readNumber(limit) === null ? t('fields.notANumber') : null;
  // Only a saved choice question with options of its own can lend them.
  const lenders = questions.filter(
    (candidate) =>
      candidate.id === question.questionOptionsId ||
      (candidate.key !== question.key &&
        candidate.id !== null &&
        candidate.questionCategory === 'PARENT' &&
        candidate.questionOptionsId === null &&
        candidate.questionType !== null &&
        CHOICE_TYPES.includes(candidate.questionType)),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label={t('fields.category')}
          value={question.questionCategory}
          onChange={(event) =>
            dispatch({ type: 'categoryChanged', key: question.key, category: event.target.value as QuestionCategory })
          }
        >
          {QUESTION_CATEGORIES.map((category) => (
            <option key={category} value={category} disabled={category === 'PARENT' && hasChildren}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('fields.type')}
          value={question.questionType ?? ''}
          disabled={holder}
          onChange={(event) =>
            dispatch({ type: 'typeChanged', key: question.key, questionType: event.target.value as QuestionType })
          }
        >
          {holder && <option value="">{t('fields.none')}</option>}
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`questionTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <label className="inline-flex items-center gap-2 self-end py-2 text-sm font-medium text-stone-700 has-disabled:text-stone-400">
          <input
            type="checkbox"
            checked={question.required}
            disabled={holder}
            onChange={(event) => onChange({ required: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          {t('fields.required')}
        </label>
      </div>
      <LanguageTabs label={t('fields.texts', { nr: question.questionNr })}>
        {(tab) => {
          const suffix = LANGUAGE_SUFFIX[tab];
          return (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                ref={tab === 'xk' ? titleRef : undefined}
                label={t(`fields.title${suffix}`)}
                value={question[`title${suffix}`]}
                onChange={(event) => onChange({ [`title${suffix}`]: event.target.value })}
              />
              <TextField
                label={t(`fields.hint${suffix}`)}
                value={question[`hint${suffix}`]}
                onChange={(event) => onChange({ [`hint${suffix}`]: event.target.value })}
              />
            </div>
          );
        }}
      </LanguageTabs>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('fields.identifier')}
          value={question.questionIdentifier ?? ''}
          disabled={holder}
          onChange={(event) =>
            onChange({ questionIdentifier: (event.target.value || null) as QuestionIdentifier | null })
          }
        >
          <option value="">{t('fields.none')}</option>
          {QUESTION_IDENTIFIERS.map((identifier) => (
            <option key={identifier} value={identifier}>
              {t(`identifiers.${identifier}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={numeric ? t('fields.minimum') : t('fields.limMin')}
          value={question.limMin}
          disabled={limitsOff}
          inputMode={numeric ? 'decimal' : undefined}
          error={boundProblem(question.limMin)}
          onChange={(event) => onChange({ limMin: event.target.value })}
        />
        <TextField
          label={numeric ? t('fields.maximum') : t('fields.limMax')}
          value={question.limMax}
          disabled={limitsOff}
          inputMode={numeric ? 'decimal' : undefined}
          error={boundProblem(question.limMax)}
          onChange={(event) => onChange({ limMax: event.target.value })}
        />
        <SelectField
          label={t('fields.group')}
          value={question.questionGroupId ?? ''}
          onChange={(event) => onChange({ questionGroupId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('fields.noGroup')}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {localize(group, 'title', language) ?? `#${group.id}`}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label={t('fields.optionSource')}
        value={question.questionOptionsId ?? ''}
        disabled={noOptions}
        onChange={(event) => onChange({ questionOptionsId: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">{t('fields.ownOptions')}</option>
        {lenders.map((lender) => (
          <option key={lender.key} value={lender.id!}>
            {t('fields.borrowFrom', {
              nr: lender.questionNr,
              title: localize(lender, 'title', language) ?? t('builder.untitled'),
            })}
          </option>
        ))}
      </SelectField>
      {!noOptions && <OptionEditor question={question} />}
    </div>
  );
};
