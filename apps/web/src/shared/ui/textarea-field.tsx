import type { ComponentProps } from 'react';
import { cn } from './cn';
import { type FieldNoteProps, useFieldNotes } from './field-notes';

type TextareaFieldProps = ComponentProps<'textarea'> & FieldNoteProps & { label: string };

/** A labelled multi-line text box, styled like TextField. */
export const TextareaField = ({ label, hint, error, className, id, rows = 4, ...props }: TextareaFieldProps) => {
  const { fieldId, describedBy, notes } = useFieldNotes(id, { hint, error });
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500"
        {...props}
      />
      {notes}
    </div>
  );
};
