import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

type TextareaFieldProps = ComponentProps<'textarea'> & { label: string };

/** A labelled multi-line text box, styled like TextField. */
export const TextareaField = ({ label, className, id, rows = 4, ...props }: TextareaFieldProps) => {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={textareaId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={textareaId}
        rows={rows}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500"
        {...props}
      />
    </div>
  );
};
