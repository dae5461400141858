import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { cn } from '@/shared/ui/cn';
import type { AnswerTreeNode } from '../lib/answer-tree';
import type { AnswerValue } from '../lib/asset-answers';
import { AnswerInput } from './answer-input';

/** What every node needs: the answer on screen, the options offered now, and where changes go. */
export type AnswerTreeProps = {
  nodes: AnswerTreeNode[];
  answerOf: (question: QuestionNode) => AnswerValue;
  optionsOf: (question: QuestionNode) => QuestionOption[];
  onChange: (question: QuestionNode, answer: AnswerValue) => void;
};

/** The answers as a tree by question number, each branch collapsible (spec §2: up to three levels). */
export const AnswerTree = ({ nodes, ...props }: AnswerTreeProps) => (
  <ul className="flex flex-col gap-3">
    {nodes.map((node) => (
      <AnswerTreeItem key={node.question.id} node={node} {...props} />
    ))}
  </ul>
);

/** A question as the editor names it: its number and title in the visitor's language. */
export const useQuestionLabel = () => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  return (question: QuestionNode) =>
    t('edit.answers.label', {
      nr: question.questionNr,
      title: pickLocalized(question, 'title', language) ?? t('edit.answers.untitled'),
    });
};

const AnswerTreeItem = ({ node, ...props }: Omit<AnswerTreeProps, 'nodes'> & { node: AnswerTreeNode }) => {
  const [open, setOpen] = useState(true);
  const { question } = node;
  const questionLabel = useQuestionLabel();
  const label = questionLabel(question);
  const input = question.questionCategory === 'PARENT' && (
    <AnswerInput
      question={question}
      label={label}
      answer={props.answerOf(question)}
      options={props.optionsOf(question)}
      onChange={(answer) => props.onChange(question, answer)}
    />
  );

  if (node.children.length === 0) {
    return (
      <li className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200">
        {input || <p className="font-semibold text-stone-800">{label}</p>}
      </li>
    );
  }
  return (
    <li>
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className={cn('rounded-xl border border-stone-200', node.level === 1 ? 'bg-stone-50' : 'bg-white')}
      >
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600">
          {label}
        </summary>
        <div className="flex flex-col gap-3 px-4 pb-4">
          {input}
          <AnswerTree nodes={node.children} {...props} />
        </div>
      </details>
    </li>
  );
};
