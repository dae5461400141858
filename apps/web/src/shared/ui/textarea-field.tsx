import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  /** A line under the field that helps to fill it in. */
  hint?: string | null;
  /** What is wrong with the value: shown under the field, which is then marked invalid. */
  error?: string | null;
};

/** A labelled multi-line text box, styled like TextField. */
export const TextareaField = ({ label, hint, error, className, id, rows = 4, ...props }: TextareaFieldProps) => {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const hintId = `${textareaId}-hint`;
  const errorId = `${textareaId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={textareaId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={textareaId}
        rows={rows}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500"
        {...props}
      />
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
    </div>
  );
};
