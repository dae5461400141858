import { cn } from './cn';

/** The organisation's mark (public/logo.svg); decorative unless given a label. */
export const Logo = ({ className, label }: { className?: string; label?: string }) => (
  <img
    src="/logo.svg"
    alt={label ?? ''}
    className={cn('size-10 shrink-0', className)}
    width={40}
    height={40}
    draggable={false}
  />
);
