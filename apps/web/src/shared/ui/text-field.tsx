import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

type TextFieldProps = ComponentProps<'input'> & { label: string };

export const TextField = ({ label, className, id, ...props }: TextFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={inputId}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500"
        {...props}
      />
    </div>
  );
};
