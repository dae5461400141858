import type { CollectSurvey } from '@trashegimia/contract/collect';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { SelectField } from '@/shared/ui/select-field';
import { answerInputs, evaluateForm, problemInForm, visibleOptions, type DraftAnswer } from '../lib/answers';
import { putSubmission, type CollectSubmission } from '../lib/collect-db';
import { devicePhotoStore, pagePhotoStore } from '../lib/photo-store';
import { buildScreens, nextScreenIndex, previousScreenIndex, screenProgress } from '../lib/survey-screens';
import { LocationPicker } from './location-picker';
import { PhotoPicker } from './photo-picker';
import { QuestionField } from './question-field';

/** Typing is saved this long after the last keystroke; leaving the page saves at once. */
const SAVE_DELAY_MS = 300;

type SurveyFormProps = {
  survey: CollectSurvey;
  submission: CollectSubmission;
  /** Leave the form; the draft is saved first. */
  onClose: () => void;
  /** The collector finished: the submission is saved as waiting to be sent. */
  onFinished: () => void;
  /**
   * Keep the draft and its photos on the device (the default). Off, they live in the page only and
   * nothing is stored: the survey editor's preview.
   */
  persist?: boolean;
};

/**
 * Keeps the draft on the device: soon after each change, and at once when the page is hidden or
 * left. Without `persist` it is only held in the page.
 */
const useSavedDraft = (initial: CollectSubmission, persist: boolean) => {
  const [draft, setDraft] = useState(initial);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const pending = useRef<CollectSubmission | null>(null);

  const flush = useCallback(async () => {
    const toSave = pending.current;
    if (!toSave) return;
    pending.current = null;
    try {
      await putSubmission(toSave);
      setSaveError(null);
      setSavedAt(toSave.updatedAt);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }, []);

  const latest = useRef(initial);

  const change = useCallback(
    (changes: Partial<CollectSubmission>) => {
      const next = { ...latest.current, ...changes, updatedAt: new Date().toISOString() };
      latest.current = next;
      if (persist) pending.current = next;
      setDraft(next);
    },
    [persist],
  );

  useEffect(() => {
    if (!pending.current) return;
    const timer = window.setTimeout(() => void flush(), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, flush]);

  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void flush();
    };
  }, [flush]);

  /** Whether what is on the screen is what the device holds. */
  const isSaved = savedAt !== null && savedAt === draft.updatedAt;
  return { draft, change, flush, saveError, isSaved };
};

/**
 * The survey, one screen at a time: chapters as headings, a GROUP (or questions sharing a question
 * group) as one screen, skip logic deciding the next screen; then the location and photos, and
 * "Save for sending". Every change is kept on the device as it is made.
 */
export const SurveyForm = ({ survey, submission, onClose, onFinished, persist = true }: SurveyFormProps) => {
  const { t } = useTranslation('collect');
  const { draft, change, flush, saveError, isSaved } = useSavedDraft(submission, persist);
  const [photoStore] = useState(() => (persist ? devicePhotoStore : pagePhotoStore()));
  const [attempted, setAttempted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const tree = survey.questions;
  const screens = useMemo(() => buildScreens(tree), [tree]);
  const form = useMemo(() => evaluateForm(tree, draft.answers), [tree, draft.answers]);
  const language = draft.language;
  const finishIndex = screens.length;
  const current = Math.min(draft.screen, finishIndex);
  const screen = screens[current];
  const onFinishStep = current === finishIndex;
  const progress = screenProgress(screens, form.skipped, onFinishStep ? finishIndex : current);
  const totalSteps = progress.total + 1;
  const position = onFinishStep ? totalSteps : progress.position;

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // A new screen: take keyboard and screen-reader users to its heading.
    window.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [current]);

  const visibleQuestions = screen?.questions.filter((question) => !form.skipped.has(question.id)) ?? [];
  const problemOf = (question: QuestionNode) => problemInForm(question, form);
  const hasProblem = visibleQuestions.some(problemOf);

  const goTo = (index: number) => {
    setAttempted(false);
    change({ screen: index });
  };
  const goNext = () => {
    if (hasProblem) {
      setAttempted(true);
      return;
    }
    goTo(nextScreenIndex(screens, form.skipped, current) ?? finishIndex);
  };
  const previous = previousScreenIndex(screens, form.skipped, current);

  const setAnswer = (questionId: number, answer: DraftAnswer) =>
    change({ answers: { ...draft.answers, [questionId]: answer } });

  const finish = async () => {
    const broken = screens.findIndex((candidate) =>
      candidate.questions.some((question) => !form.skipped.has(question.id) && problemOf(question)),
    );
    if (broken !== -1) {
      goTo(broken);
      setAttempted(true);
      return;
    }
    change({
      state: 'waiting',
      body: {
        surveyId: survey.survey.id,
        uniqueId: draft.id,
        date: new Date().toISOString(),
        latitude: draft.location?.latitude ?? null,
        longitude: draft.location?.longitude ?? null,
        answers: answerInputs(tree, form),
      },
    });
    await flush();
    onFinished();
  };

  const close = async () => {
    await flush();
    onClose();
  };

  const surveyTitle = pickLocalized(survey.survey, 'description', language) ?? draft.surveyTitle;
  const chapterTitles = screen?.chapters.map((chapter) => pickLocalized(chapter, 'title', language) ?? '') ?? [];
  const screenTitle = onFinishStep
    ? t('form.finishStep')
    : screen?.group
      ? pickLocalized(screen.group, 'title', language)
      : (chapterTitles.at(-1) ?? surveyTitle);
  const screenHint = !onFinishStep && screen?.group ? pickLocalized(screen.group, 'hint', language) : null;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 pb-32">
      <title>{`${surveyTitle} · ${t('title')}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{t('title')}</p>
          <h1 className="font-serif text-2xl font-semibold text-stone-900">{surveyTitle}</h1>
        </div>
        <SelectField
          label={t('start.language')}
          value={language}
          onChange={(event) => change({ language: event.target.value as Language })}
          className="w-44"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`language.${code}`, { ns: 'common' })}
            </option>
          ))}
        </SelectField>
      </div>

      <div>
        <p id="collect-progress" className="text-sm font-medium text-stone-700">
          {t('form.progress', { position, total: totalSteps })}
        </p>
        <progress
          aria-labelledby="collect-progress"
          className="mt-1 h-2 w-full accent-brand-700"
          value={position}
          max={totalSteps}
        />
      </div>

      <div className="flex flex-col gap-1">
        {!onFinishStep && chapterTitles.length > 1 && (
          <p className="text-sm text-stone-600">{chapterTitles.slice(0, -1).join(' · ')}</p>
        )}
        {!onFinishStep && screen?.group && chapterTitles.length > 0 && (
          <p className="text-sm font-semibold text-stone-700">{chapterTitles.at(-1)}</p>
        )}
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-stone-900 focus:outline-none">
          {screenTitle}
        </h2>
        {screenHint && <p className="text-sm text-stone-600">{screenHint}</p>}
      </div>

      {onFinishStep ? (
        <div className="flex flex-col gap-8">
          <LocationPicker location={draft.location} onChange={(location) => change({ location })} />
          <PhotoPicker photos={draft.photos} onChange={(photos) => change({ photos })} store={photoStore} />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {visibleQuestions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              language={language}
              answer={draft.answers[question.id]}
              options={visibleOptions(question, form.answers, form.questionsById)}
              problem={attempted ? problemOf(question) : null}
              onChange={(answer) => setAnswer(question.id, answer)}
            />
          ))}
          {attempted && hasProblem && <Alert>{t('form.fixProblems')}</Alert>}
        </div>
      )}

      {saveError && <Alert>{t('form.saveFailed', { reason: saveError })}</Alert>}
      <p role="status" className="text-sm text-stone-500">
        {isSaved ? t('form.saved') : ''}
      </p>

      <div className="fixed inset-x-0 bottom-0 z-10 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur">
        <div className="mx-auto flex w-full max-w-2xl flex-col gap-2">
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              className="min-h-12"
              disabled={previous === null}
              onClick={() => previous !== null && goTo(previous)}
            >
              {t('form.back')}
            </Button>
            {onFinishStep ? (
              <Button className="min-h-12" onClick={() => void finish()}>
                {t('form.finish')}
              </Button>
            ) : (
              <Button className="min-h-12" onClick={goNext}>
                {t('form.next')}
              </Button>
            )}
          </div>
          <Button variant="ghost" className="min-h-11" onClick={() => void close()}>
            {t('form.close')}
          </Button>
        </div>
      </div>
    </div>
  );
};
