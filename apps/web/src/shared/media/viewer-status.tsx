import { Alert } from '@/shared/ui/alert';
import { Spinner } from '@/shared/ui/spinner';

/** Where a viewer that loads a library and a file of its own stands. */
export type LoadState = 'loading' | 'ready' | 'failed';

/** Says, and announces, whether the 3D or 360° view is still loading, ready to use, or failed. */
export const ViewerStatus = ({ state, texts }: { state: LoadState; texts: Record<LoadState, string> }) =>
  state === 'failed' ? (
    <Alert>{texts.failed}</Alert>
  ) : (
    <p role="status" data-state={state} className="flex items-center gap-2 text-sm text-stone-600">
      {state === 'loading' && <Spinner className="size-4 text-brand-700" />}
      {texts[state]}
    </p>
  );
