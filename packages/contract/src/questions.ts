import { z } from 'zod';
import { blankAsNull, clearableText, Id, IdParams, localized, plainText } from './common';
import { QuestionGroup } from './question-groups';

/** CHAPTER and GROUP hold sub-questions and carry only a number and a title; PARENT is a question. */
export const QUESTION_CATEGORIES = ['CHAPTER', 'GROUP', 'PARENT'] as const;
export const QuestionCategory = z.enum(QUESTION_CATEGORIES);
export type QuestionCategory = z.infer<typeof QuestionCategory>;

/** A chapter or a group (GROUP is one mobile screen): it may hold sub-questions, never answers. */
export const holdsQuestions = (category: QuestionCategory) => category !== 'PARENT';

/**
 * NUMBER takes an integer or a decimal (limMin and limMax bound it when they read as numbers);
 * DATE takes a calendar day, YYYY-MM-DD.
 */
export const QUESTION_TYPES = [
  'TEXT',
  'MULTIPLE_CHOICE',
  'SINGLE_CHOICE',
  'DROPDOWN',
  'SELECT_AND_TEXT',
  'NUMBER',
  'DATE',
] as const;
export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;

/** Types answered by choosing options: only their options can be borrowed by another question. */
export const CHOICE_TYPES: readonly QuestionType[] = [
  'MULTIPLE_CHOICE',
  'SINGLE_CHOICE',
  'DROPDOWN',
  'SELECT_AND_TEXT',
];

/** Whether a question of this type is answered by choosing options (stored types are plain text). */
export const isChoiceType = (type: string | null): boolean =>
  type !== null && (CHOICE_TYPES as readonly string[]).includes(type);

/** What a question's answer stands for on the asset; SIMPLE_QUESTION or none for the rest. */
export const QUESTION_IDENTIFIERS = [
  'ASSET_NAME',
  'MUNICIPALITY_NAME',
  'VILLAGE_NAME',
  'ASSET_TYPE',
  'USABILITY',
  'ACCESS',
  'RISK_LEVEL',
  'SIMPLE_QUESTION',
] as const;
export const QuestionIdentifier = z.enum(QUESTION_IDENTIFIERS);
export type QuestionIdentifier = z.infer<typeof QuestionIdentifier>;

/** Skip logic of an option: where the form goes after this answer. */
export const VALIDATE_TYPES = ['CONTINUE', 'NEXT_QUESTION', 'END_SURVEY'] as const;
export const ValidateType = z.enum(VALIDATE_TYPES);
export type ValidateType = z.infer<typeof ValidateType>;

/**
 * How much one call takes, and how the editor saves a survey (spec §4, §9): questions in
 * parent-first rounds (at most `questionSyncRounds`), then each question's changed options in
 * chunks of `optionUpdateChunk` (`optionUpdatesInParallel` at a time) and its new options
 * (`optionCreatesInParallel` questions at a time).
 */
export const SAVE_LIMITS = {
  questionsPerCall: 1000,
  optionsPerCall: 1000,
  questionSyncRounds: 1000,
  optionUpdateChunk: 200,
  optionUpdatesInParallel: 4,
  optionCreatesInParallel: 6,
} as const;

/**
 * The longest texts a question and its options keep, in characters. The editor, the API and an
 * XLSForm import hold to the same ones, so whatever is imported can be saved again in the editor.
 */
export const QUESTION_TEXT_LIMITS = {
  title: 2000,
  hint: 2000,
  optionValue: 1000,
  optionDescription: 2000,
  disclaimer: 5000,
} as const;

/** How many parts a question number has at most (1.2.3 has three): a survey nests no deeper. */
export const QUESTION_NR_MAX_PARTS = 10;

/** A dotted question number such as 1, 1.2 or 1.2.3; sorted numerically by segment, kept without leading zeros. */
export const QuestionNr = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,6}(\\.\\d{1,6}){0,${QUESTION_NR_MAX_PARTS - 1}}$`), 'must be a dotted number such as 1.2.3')
  .transform((nr) => nr.split('.').map(Number).join('.'));

// ---- options ----

/** An option of a choice question; `description` and `disclaimer` are the ones for the request's language. */
export const QuestionOption = z
  .object({
    id: z.number().int(),
    /** The question that owns it (for borrowed options, the question they are borrowed from). */
    questionId: z.number().int(),
    value: z.string(),
    optionOrder: z.number().int(),
    validateType: ValidateType.nullable(),
    /** Where NEXT_QUESTION goes. */
    toQuestionNr: z.string().nullable(),
    /** Offered only when this question's answer equals conditionalParentQuestionValue. */
    conditionalParentQuestionId: z.number().int().nullable(),
    conditionalParentQuestionValue: z.string().nullable(),
    /** 'Other': the answer carries free text. */
    isAnother: z.boolean(),
  })
  .extend(localized('description').shape)
  .extend(localized('disclaimer').shape);
export type QuestionOption = z.infer<typeof QuestionOption>;

const optionFields = {
  /** May be blank: a text question keeps one blank option. */
  value: plainText(QUESTION_TEXT_LIMITS.optionValue),
  descriptionXk: clearableText(QUESTION_TEXT_LIMITS.optionDescription),
  descriptionEn: clearableText(QUESTION_TEXT_LIMITS.optionDescription),
  descriptionSr: clearableText(QUESTION_TEXT_LIMITS.optionDescription),
  validateType: blankAsNull(ValidateType.nullable().optional()),
  toQuestionNr: blankAsNull(QuestionNr.nullable().optional()),
  disclaimerXk: clearableText(QUESTION_TEXT_LIMITS.disclaimer),
  disclaimerEn: clearableText(QUESTION_TEXT_LIMITS.disclaimer),
  disclaimerSr: clearableText(QUESTION_TEXT_LIMITS.disclaimer),
  /** A question of the same survey. */
  conditionalParentQuestionId: Id.nullable().optional(),
  conditionalParentQuestionValue: clearableText(QUESTION_TEXT_LIMITS.optionValue),
  isAnother: z.boolean().optional(),
  /** Position among the question's options; new options go last when it is left out. */
  optionOrder: z.number().int().min(0).max(1_000_000).optional(),
};

export const NewQuestionOption = z.object(optionFields);
export type NewQuestionOption = z.input<typeof NewQuestionOption>;

/** POST /questions/{id}/options: new options of the question, answered in the same order with their ids. */
export const CreateQuestionOptionsBody = z.object({
  items: z.array(NewQuestionOption).min(1).max(SAVE_LIMITS.optionsPerCall),
});
export type CreateQuestionOptionsBody = z.input<typeof CreateQuestionOptionsBody>;

/** One changed option: its id and only the fields that change (null clears). */
export const QuestionOptionUpdate = z.object({ id: Id, ...optionFields, value: optionFields.value.optional() });
export type QuestionOptionUpdate = z.input<typeof QuestionOptionUpdate>;

/** PATCH /questions/{id}/options/bulk; the editor sends chunks of SAVE_LIMITS.optionUpdateChunk. */
export const BulkUpdateQuestionOptionsBody = z.object({
  items: z
    .array(QuestionOptionUpdate)
    .min(1)
    .max(SAVE_LIMITS.optionsPerCall)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'is listed twice' });
        seen.add(item.id);
      });
    }),
});
export type BulkUpdateQuestionOptionsBody = z.input<typeof BulkUpdateQuestionOptionsBody>;

export const QuestionOptionList = z.object({ items: z.array(QuestionOption) });
export type QuestionOptionList = z.infer<typeof QuestionOptionList>;

export const QuestionParams = IdParams;
export const QuestionOptionParams = z.object({ id: Id, optionId: Id });

// ---- the question tree ----

const questionFields = z
  .object({
    id: z.number().int(),
    surveyId: z.number().int(),
    questionNr: z.string(),
    questionParentId: z.number().int().nullable(),
    questionCategory: QuestionCategory,
    /** Null for chapters and groups. */
    questionType: QuestionType.nullable(),
    questionIdentifier: QuestionIdentifier.nullable(),
    /** 1..n among its siblings, by number. */
    questionOrder: z.number().int(),
    /** A collector must answer it (unless skip logic passes it by). */
    required: z.boolean(),
    /** Free text (spec §5). */
    limMin: z.string().nullable(),
    limMax: z.string().nullable(),
    questionGroupId: z.number().int().nullable(),
    /** The question whose options this one borrows; its `options` are then those, read-only. */
    questionOptionsId: z.number().int().nullable(),
    /** Not deleted, in option order. */
    options: z.array(QuestionOption),
  })
  .extend(localized('title').shape)
  /** A line shown under the title to help the collector answer. */
  .extend(localized('hint').shape);

/** A question with its sub-questions, sorted by number. */
export type QuestionNode = z.infer<typeof questionFields> & { children: QuestionNode[] };
export const QuestionNode: z.ZodType<QuestionNode> = questionFields
  .extend({ children: z.lazy(() => z.array(QuestionNode)) })
  // Registered so that the OpenAPI document can refer to it from inside itself.
  .meta({ id: 'QuestionNode' });

/** GET /surveys/{id}/questions: the top-level questions by number, and the groups they use. */
export const SurveyQuestions = z.object({
  items: z.array(QuestionNode),
  questionGroups: z.array(QuestionGroup),
});
export type SurveyQuestions = z.infer<typeof SurveyQuestions>;

export const SurveyQuestionParams = z.object({ id: Id, questionId: Id });

/**
 * One question to save. With `id` it replaces that question's fields (fields left out are
 * cleared); without, it is created and answered under its `tempId`. Its parent is a saved
 * question (`questionParentId`) or a new one of the same call (`parentTempId`).
 */
export const QuestionInput = z
  .object({
    id: Id.optional(),
    tempId: plainText(100).min(1).optional(),
    questionNr: QuestionNr,
    questionParentId: Id.nullable().optional(),
    parentTempId: plainText(100).min(1).nullable().optional(),
    questionCategory: QuestionCategory,
    questionType: blankAsNull(QuestionType.nullable().optional()),
    titleXk: clearableText(QUESTION_TEXT_LIMITS.title),
    titleEn: clearableText(QUESTION_TEXT_LIMITS.title),
    titleSr: clearableText(QUESTION_TEXT_LIMITS.title),
    hintXk: clearableText(QUESTION_TEXT_LIMITS.hint),
    hintEn: clearableText(QUESTION_TEXT_LIMITS.hint),
    hintSr: clearableText(QUESTION_TEXT_LIMITS.hint),
    questionIdentifier: blankAsNull(QuestionIdentifier.nullable().optional()),
    /** Left out: not required (bodies written before the flag existed stay valid). */
    required: z.boolean().optional(),
    limMin: clearableText(100),
    limMax: clearableText(100),
    questionGroupId: Id.nullable().optional(),
    questionOptionsId: Id.nullable().optional(),
  })
  .superRefine((question, ctx) => {
    const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (question.id === undefined && question.tempId === undefined) refuse('tempId', 'is required for a new question');
    if (question.questionParentId != null && question.parentTempId != null) {
      refuse('parentTempId', 'give questionParentId or parentTempId, not both');
    }
    if (!holdsQuestions(question.questionCategory)) {
      if (question.questionType == null) refuse('questionType', 'is required for a question');
      return;
    }
    // Spec §5: a chapter or group has only a number and a title. Its type is not checked: the
    // spec's editor keeps one on every card and sends it, and the server stores none.
    const what = question.questionCategory === 'CHAPTER' ? 'a chapter' : 'a group';
    for (const field of ['questionIdentifier', 'limMin', 'limMax', 'questionOptionsId'] as const) {
      if (question[field] != null) refuse(field, `${what} has no ${field}`);
    }
    if (question.required) refuse('required', `${what} takes no answer, so it cannot be required`);
  })
  .transform((question) =>
    holdsQuestions(question.questionCategory) ? { ...question, questionType: null } : question,
  );
export type QuestionInput = z.input<typeof QuestionInput>;

/** POST /surveys/{id}/questions: a batch of new and changed questions, saved together or not at all. */
export const UpsertQuestionsBody = z.object({
  questions: z
    .array(QuestionInput)
    .min(1)
    .max(SAVE_LIMITS.questionsPerCall)
    .superRefine((questions, ctx) => {
      const ids = new Set<number>();
      const tempIds = new Set<string>();
      questions.forEach((question, index) => {
        const refuse = (field: string) =>
          ctx.addIssue({ code: 'custom', path: [index, field], message: 'is listed twice' });
        if (question.id !== undefined) {
          if (ids.has(question.id)) refuse('id');
          ids.add(question.id);
        }
        if (question.tempId !== undefined) {
          if (tempIds.has(question.tempId)) refuse('tempId');
          tempIds.add(question.tempId);
        }
      });
    }),
});
export type UpsertQuestionsBody = z.input<typeof UpsertQuestionsBody>;

/** The id each item with a tempId was saved under, in the order sent. */
export const UpsertQuestionsResult = z.object({
  mappings: z.array(z.object({ tempId: z.string(), id: z.number().int() })),
});
export type UpsertQuestionsResult = z.infer<typeof UpsertQuestionsResult>;

/**
 * POST /surveys/{id}/questions/import: copies library questions, with their options, into the
 * survey after the last question at the top level or under a chapter or group.
 */
export const ImportLibraryQuestionsBody = z.object({
  libraryIds: z
    .array(Id)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'lists a library question twice'),
  questionParentId: Id.nullable().optional(),
});
export type ImportLibraryQuestionsBody = z.input<typeof ImportLibraryQuestionsBody>;

export const ImportLibraryQuestionsResult = z.object({
  items: z.array(z.object({ libraryId: z.number().int(), id: z.number().int(), questionNr: z.string() })),
});
export type ImportLibraryQuestionsResult = z.infer<typeof ImportLibraryQuestionsResult>;
