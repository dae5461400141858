import { useId } from 'react';

/** What a labelled field says under itself: a hint that helps to fill it in, and what is wrong. */
export type FieldNoteProps = {
  /** A line under the field that helps to fill it in. */
  hint?: string | null;
  /** What is wrong with the value: shown under the field, which is then marked invalid. */
  error?: string | null;
};

/**
 * The field's id (`id`, else a generated one), its `aria-describedby` naming the notes shown, and
 * the notes to render under it: one place for TextField and TextareaField.
 */
export function useFieldNotes(id: string | undefined, { hint, error }: FieldNoteProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-semibold text-red-700">
          {error}
        </p>
      )}
    </>
  );
  return { fieldId, describedBy, notes };
}
