import { compareQuestionNr, nextQuestionNumbers } from '@trashegimia/contract/question-numbers';

type Placed = { id: number; parentId: number | null; questionNr: string };

const bySiblingOrder = <Row extends Placed>(a: Row, b: Row) =>
  compareQuestionNr(a.questionNr, b.questionNr) || a.id - b.id;

export type TreeNode<Row> = { row: Row; children: TreeNode<Row>[] };

/** Questions as a tree under their parents, siblings by number (1.2 before 1.10). */
export function buildQuestionTree<Row extends Placed>(rows: Row[]): TreeNode<Row>[] {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<number | null, Row[]>();
  for (const row of rows) {
    const parentId = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const siblings = childrenOf.get(parentId);
    if (siblings) siblings.push(row);
    else childrenOf.set(parentId, [row]);
  }
  const nodesUnder = (parentId: number | null): TreeNode<Row>[] =>
    (childrenOf.get(parentId) ?? []).sort(bySiblingOrder).map((row) => ({ row, children: nodesUnder(row.id) }));
  return nodesUnder(null);
}

/** Spec §4 renumbering: top-level questions ordered 1..n by number, children 1..n within their parent. */
export function questionOrders<Row extends Placed & { questionOrder: number }>(rows: Row[]) {
  const changes: { id: number; questionOrder: number }[] = [];
  const visit = (nodes: TreeNode<Row>[]) =>
    nodes.forEach((node, position) => {
      if (node.row.questionOrder !== position + 1) changes.push({ id: node.row.id, questionOrder: position + 1 });
      visit(node.children);
    });
  visit(buildQuestionTree(rows));
  return changes;
}

/** The question and every question below it. */
export function subtreeIds(rows: Placed[], rootId: number): number[] {
  const childIds = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = childIds.get(row.parentId);
    if (siblings) siblings.push(row.id);
    else childIds.set(row.parentId, [row.id]);
  }
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(childIds.get(ids[i]!) ?? []));
  return ids;
}

/** Numbers for `count` new questions after the last one under the parent (or at the top), skipping any in use. */
export function nextNumbersUnder(rows: Placed[], parent: Placed | null, count: number): string[] {
  const siblings = rows.filter((row) => row.parentId === (parent?.id ?? null)).map((row) => row.questionNr);
  const taken = new Set(rows.map((row) => row.questionNr));
  return nextQuestionNumbers(parent?.questionNr ?? null, siblings, taken, count);
}
