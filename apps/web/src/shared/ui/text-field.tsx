import type { ComponentProps } from 'react';
import { cn } from './cn';
import { type FieldNoteProps, useFieldNotes } from './field-notes';

type TextFieldProps = ComponentProps<'input'> & FieldNoteProps & { label: string };

export const TextField = ({ label, hint, error, className, id, ...props }: TextFieldProps) => {
  const { fieldId, describedBy, notes } = useFieldNotes(id, { hint, error });
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={fieldId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 disabled:bg-stone-100 disabled:text-stone-500 aria-invalid:border-red-500"
        {...props}
      />
      {notes}
    </div>
  );
};
