import {
  BulkUpdateQuestionOptionsBody,
  CreateQuestionOptionsBody,
  UpsertQuestionsBody,
  type QuestionNode,
  type QuestionOption,
  type SurveyQuestions,
} from '@trashegimia/contract/questions';
import { CreateSurveyBody, UpdateSurveyBody, type Survey } from '@trashegimia/contract/surveys';
import type { z } from 'zod';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { planQuestionSave, QuestionSaveRefused } from '@trashegimia/contract/question-save-plan';
import { FakeServerError } from '@/shared/testing/fake-route-fetch';
import type { SurveySaveApi } from '../lib/save-survey';

type StoredQuestion = Omit<QuestionNode, 'children' | 'options' | 'title' | 'hint'>;
type StoredOption = Omit<QuestionOption, 'description' | 'disclaimer'>;
type Call = keyof SurveySaveApi;

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The contract's save plan for the batch; a refusal fails the call as the server's 400 or 409 would. */
const planOrFail = (stored: StoredQuestion[], batch: z.output<typeof UpsertQuestionsBody>['questions']) => {
  try {
    return planQuestionSave(
      stored.map((question) => ({
        id: question.id,
        parentId: question.questionParentId,
        questionNr: question.questionNr,
        questionCategory: question.questionCategory,
        questionType: question.questionType,
        optionsSourceQuestionId: question.questionOptionsId,
      })),
      batch,
    );
  } catch (error) {
    throw error instanceof QuestionSaveRefused ? new FakeServerError(error.message) : error;
  }
};

/**
 * An in-memory stand-in for the survey calls, checking bodies against the contract and refusing
 * batches by the contract's save rules (question-save-plan), as the real server does; borrowed
 * options stay read-only. It counts
 * calls, their sizes and how many run at once, and can be told to fail a given call.
 */
export const createFakeSurveyServer = ({ answerMappings = true }: { answerMappings?: boolean } = {}) => {
  let nextId = 1000;
  const surveys = new Map<number, Survey>();
  const questions = new Map<number, StoredQuestion>();
  const options = new Map<number, StoredOption>();
  const calls: { name: Call; size: number }[] = [];
  const inFlight: Record<string, number> = {};
  const maxInFlight: Record<string, number> = {};
  let failWhen: ((name: Call, count: number) => boolean) | null = null;

  const track = async <T>(name: Call, size: number, run: () => T): Promise<T> => {
    calls.push({ name, size });
    const count = calls.filter((call) => call.name === name).length;
    inFlight[name] = (inFlight[name] ?? 0) + 1;
    maxInFlight[name] = Math.max(maxInFlight[name] ?? 0, inFlight[name]);
    try {
      await tick();
      if (failWhen?.(name, count)) throw new FakeServerError(`${name} failed`);
      return run();
    } finally {
      inFlight[name] -= 1;
    }
  };

  const presentSurvey = (survey: Survey) => structuredClone(survey);

  const surveyFrom = (id: number, body: z.output<typeof CreateSurveyBody>, previous?: Survey): Survey => ({
    id,
    surveyState: body.surveyState,
    defaultDatasetId: body.defaultDatasetId ?? null,
    description: body.descriptionXk ?? null,
    descriptionXk: body.descriptionXk ?? null,
    descriptionEn: body.descriptionEn ?? null,
    descriptionSr: body.descriptionSr ?? null,
    longDescription: body.longDescriptionXk ?? null,
    longDescriptionXk: body.longDescriptionXk ?? null,
    longDescriptionEn: body.longDescriptionEn ?? null,
    longDescriptionSr: body.longDescriptionSr ?? null,
    insBy: previous?.insBy ?? 'admin',
    insDate: previous?.insDate ?? '2026-11-01T10:00:00.000Z',
    ludBy: 'admin',
    lud: '2026-11-22T10:00:00.000Z',
  });

  const optionsOf = (questionId: number) =>
    [...options.values()]
      .filter((option) => option.questionId === questionId)
      .sort((a, b) => a.optionOrder - b.optionOrder || a.id - b.id)
      .map((option) => ({ ...option, description: option.descriptionXk, disclaimer: option.disclaimerXk }));

  const tree = (surveyId: number): SurveyQuestions => {
    const rows = [...questions.values()].filter((question) => question.surveyId === surveyId);
    const nodesUnder = (parentId: number | null): QuestionNode[] =>
      rows
        .filter((row) => row.questionParentId === parentId)
        .sort((a, b) => compareQuestionNr(a.questionNr, b.questionNr))
        .map((row, index) => ({
          ...row,
          questionOrder: index + 1,
          title: row.titleXk,
          hint: row.hintXk,
          options: optionsOf(row.questionOptionsId ?? row.id),
          children: nodesUnder(row.id),
        }));
    return { items: nodesUnder(null), questionGroups: [] };
  };

  const requireSurvey = (id: number) => {
    const survey = surveys.get(id);
    if (!survey) throw new FakeServerError(`survey ${id} not found`);
    return survey;
  };

  /** Saves a batch as the server does: refused whole by the contract's save rules, new parents first. */
  const upsert = (surveyId: number, body: z.output<typeof UpsertQuestionsBody>) => {
    requireSurvey(surveyId);
    const batch = body.questions;
    const stored = [...questions.values()].filter((question) => question.surveyId === surveyId);
    const plan = planOrFail(stored, batch);
    const idOfTempId = new Map<string, number>();
    const save = (index: number) => {
      const input = batch[index]!;
      const id = input.id ?? (nextId += 1);
      if (input.tempId !== undefined) idOfTempId.set(input.tempId, id);
      questions.set(id, {
        id,
        surveyId,
        questionNr: input.questionNr,
        questionParentId:
          input.questionParentId ?? (input.parentTempId == null ? null : idOfTempId.get(input.parentTempId)!),
        questionCategory: input.questionCategory,
        questionType: input.questionType ?? null,
        questionIdentifier: input.questionIdentifier ?? null,
        questionOrder: 0,
        required: input.required ?? false,
        limMin: input.limMin ?? null,
        limMax: input.limMax ?? null,
        questionGroupId: input.questionGroupId ?? null,
        questionOptionsId: input.questionOptionsId ?? null,
        titleXk: input.titleXk ?? null,
        titleEn: input.titleEn ?? null,
        titleSr: input.titleSr ?? null,
        hintXk: input.hintXk ?? null,
        hintEn: input.hintEn ?? null,
        hintSr: input.hintSr ?? null,
      });
    };
    for (const index of plan.updates) {
      const input = batch[index]!;
      if (input.tempId !== undefined) idOfTempId.set(input.tempId, input.id!);
    }
    plan.insertLevels.flat().forEach(save);
    plan.updates.forEach(save);
    const mappings = batch.flatMap((input) =>
      input.tempId === undefined ? [] : [{ tempId: input.tempId, id: idOfTempId.get(input.tempId)! }],
    );
    return { mappings: answerMappings ? mappings : [] };
  };

  const ownQuestion = (questionId: number) => {
    const question = questions.get(questionId);
    if (!question) throw new FakeServerError(`question ${questionId} not found`);
    if (question.questionOptionsId !== null) throw new FakeServerError('options are borrowed');
    return question;
  };

  const api: SurveySaveApi = {
    createSurvey: (body) =>
      track('createSurvey', 1, () => {
        const id = (nextId += 1);
        surveys.set(id, surveyFrom(id, CreateSurveyBody.parse(body)));
        return presentSurvey(surveys.get(id)!);
      }),
    updateSurvey: (id, body) =>
      track('updateSurvey', 1, () => {
        const previous = requireSurvey(id);
        const parsed = UpdateSurveyBody.parse(body);
        surveys.set(
          id,
          surveyFrom(id, { ...parsed, surveyState: parsed.surveyState ?? previous.surveyState }, previous),
        );
        return presentSurvey(surveys.get(id)!);
      }),
    getSurvey: (id) => track('getSurvey', 1, () => presentSurvey(requireSurvey(id))),
    upsertQuestions: (surveyId, body) =>
      track('upsertQuestions', body.questions.length, () => upsert(surveyId, UpsertQuestionsBody.parse(body))),
    getQuestions: (surveyId) =>
      track('getQuestions', 1, () => {
        requireSurvey(surveyId);
        return tree(surveyId);
      }),
    createOptions: (questionId, body) =>
      track('createOptions', body.items.length, () => {
        ownQuestion(questionId);
        const items = CreateQuestionOptionsBody.parse(body).items.map((item) => {
          const id = (nextId += 1);
          options.set(id, {
            id,
            questionId,
            value: item.value,
            optionOrder: item.optionOrder ?? 0,
            validateType: item.validateType ?? null,
            toQuestionNr: item.toQuestionNr ?? null,
            conditionalParentQuestionId: item.conditionalParentQuestionId ?? null,
            conditionalParentQuestionValue: item.conditionalParentQuestionValue ?? null,
            isAnother: item.isAnother ?? false,
            descriptionXk: item.descriptionXk ?? null,
            descriptionEn: item.descriptionEn ?? null,
            descriptionSr: item.descriptionSr ?? null,
            disclaimerXk: item.disclaimerXk ?? null,
            disclaimerEn: item.disclaimerEn ?? null,
            disclaimerSr: item.disclaimerSr ?? null,
          });
          return id;
        });
        return { items: optionsOf(questionId).filter((option) => items.includes(option.id)) };
      }),
    updateOptions: (questionId, body) =>
      track('updateOptions', body.items.length, () => {
        ownQuestion(questionId);
        for (const { id, ...changes } of BulkUpdateQuestionOptionsBody.parse(body).items) {
          const option = options.get(id);
          if (!option || option.questionId !== questionId) throw new FakeServerError(`option ${id} not found`);
          const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
          options.set(id, { ...option, ...defined });
        }
        return { items: optionsOf(questionId) };
      }),
  };

  return {
    api,
    calls,
    maxInFlight,
    /** Makes the `count`-th call of that name fail. */
    failOn: (name: Call, count: number) => {
      failWhen = (called, n) => called === name && n === count;
    },
    stopFailing: () => {
      failWhen = null;
    },
    resetCounts: () => {
      calls.length = 0;
      for (const name of Object.keys(maxInFlight)) maxInFlight[name] = 0;
    },
    callsOf: (name: Call) => calls.filter((call) => call.name === name),
    addSurvey: (fields: Partial<Survey> = {}) => {
      const id = (nextId += 1);
      surveys.set(id, { ...surveyFrom(id, CreateSurveyBody.parse({})), ...fields, id });
      return surveys.get(id)!;
    },
    tree,
    questionCount: (surveyId: number) =>
      [...questions.values()].filter((question) => question.surveyId === surveyId).length,
    optionCount: (surveyId: number) =>
      [...options.values()].filter((option) => questions.get(option.questionId)?.surveyId === surveyId).length,
    storedOptions: () => [...options.values()],
    deleteQuestion: (id: number) => {
      const removed = [id];
      for (let index = 0; index < removed.length; index++) {
        for (const question of questions.values()) {
          if (question.questionParentId === removed[index]) removed.push(question.id);
        }
      }
      for (const questionId of removed) questions.delete(questionId);
      for (const option of [...options.values()]) if (removed.includes(option.questionId)) options.delete(option.id);
    },
    deleteOption: (id: number) => {
      options.delete(id);
    },
    listSurveys: () => [...surveys.values()].sort((a, b) => b.id - a.id).map(presentSurvey),
    deleteSurvey: (id: number) => {
      requireSurvey(id);
      surveys.delete(id);
    },
    /** Copies library questions (as the server does on import) after the last question under the parent. */
    importQuestions: (
      surveyId: number,
      items: {
        libraryId: number;
        titleXk: string;
        questionType: QuestionNode['questionType'];
        options: { value: string }[];
      }[],
      parentId: number | null,
    ) => {
      const parent = parentId === null ? null : questions.get(parentId)!;
      const siblings = [...questions.values()].filter(
        (question) => question.surveyId === surveyId && question.questionParentId === parentId,
      );
      let last = Math.max(0, ...siblings.map((question) => Number(question.questionNr.split('.').at(-1))));
      return items.map((item) => {
        const id = (nextId += 1);
        last += 1;
        const questionNr = parent ? `${parent.questionNr}.${last}` : String(last);
        questions.set(id, {
          id,
          surveyId,
          questionNr,
          questionParentId: parentId,
          questionCategory: 'PARENT',
          questionType: item.questionType,
          questionIdentifier: null,
          questionOrder: 0,
          required: false,
          limMin: null,
          limMax: null,
          questionGroupId: null,
          questionOptionsId: null,
          titleXk: item.titleXk,
          titleEn: null,
          titleSr: null,
          hintXk: null,
          hintEn: null,
          hintSr: null,
        });
        item.options.forEach((option, index) => {
          const optionId = (nextId += 1);
          options.set(optionId, {
            id: optionId,
            questionId: id,
            value: option.value,
            optionOrder: index + 1,
            validateType: null,
            toQuestionNr: null,
            conditionalParentQuestionId: null,
            conditionalParentQuestionValue: null,
            isAnother: false,
            descriptionXk: option.value,
            descriptionEn: null,
            descriptionSr: null,
            disclaimerXk: null,
            disclaimerEn: null,
            disclaimerSr: null,
          });
        });
        return { libraryId: item.libraryId, id, questionNr };
      });
    },
  };
};

export type FakeSurveyServer = ReturnType<typeof createFakeSurveyServer>;
