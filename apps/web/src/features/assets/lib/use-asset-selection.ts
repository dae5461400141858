import { useCallback, useState } from 'react';

type SelectionState = {
  /** The filters the selection was made under; other filters start with nothing selected. */
  scope: string;
  ids: ReadonlySet<string>;
  /** Every asset that matches the filters, also those on other pages. */
  allMatching: boolean;
};

const NOTHING: ReadonlySet<string> = new Set();

/**
 * The assets ticked for bulk review: single ids across pages, or every asset that matches the
 * filters. A change of `scope` (the filters) clears it, so a bulk action never reaches assets the
 * admin no longer sees listed.
 */
export function useAssetSelection(scope: string) {
  const [state, setState] = useState<SelectionState>({ scope, ids: NOTHING, allMatching: false });
  const current: SelectionState = state.scope === scope ? state : { scope, ids: NOTHING, allMatching: false };

  const isSelected = (id: string) => current.allMatching || current.ids.has(id);

  /** Ticks or unticks assets; unticking one while all matching are selected keeps the rest of the page. */
  const setSelected = useCallback(
    (ids: string[], selected: boolean, pageIds: string[]) =>
      setState((previous) => {
        const base = previous.scope === scope ? previous : { scope, ids: NOTHING, allMatching: false };
        const next = new Set(base.allMatching ? pageIds : base.ids);
        for (const id of ids) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return { scope, ids: next, allMatching: base.allMatching && selected };
      }),
    [scope],
  );

  const selectAllMatching = useCallback(() => setState({ scope, ids: NOTHING, allMatching: true }), [scope]);
  const clear = useCallback(() => setState({ scope, ids: NOTHING, allMatching: false }), [scope]);

  return {
    ids: current.ids,
    allMatching: current.allMatching,
    isSelected,
    /** How many are selected, given how many match the filters. */
    countOf: (totalMatching: number) => (current.allMatching ? totalMatching : current.ids.size),
    setSelected,
    selectAllMatching,
    clear,
  };
}
