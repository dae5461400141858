import { type AccessRequest, AccessRequestStatus } from '@trashegimia/contract/access-requests';
import { Language } from '@trashegimia/contract/common';
import type { AccessRequestRow } from './access-requests.repo';

/** `userNames`: the names of the accounts the row refers to (who decided, who was made), by id. */
export const presentAccessRequest = (row: AccessRequestRow, userNames: Map<number, string>): AccessRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  institution: row.institution,
  purpose: row.purpose,
  language: Language.parse(row.language),
  status: AccessRequestStatus.parse(row.status),
  decisionNote: row.decisionNote,
  decidedBy: row.decidedBy === null ? null : (userNames.get(row.decidedBy) ?? null),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  userName: row.userId === null ? null : (userNames.get(row.userId) ?? null),
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a request: what was asked and how it was decided, without names looked up. */
export const auditedAccessRequest = (row: AccessRequestRow) => ({
  name: row.name,
  email: row.email,
  institution: row.institution,
  purpose: row.purpose,
  language: row.language,
  status: row.status,
  decisionNote: row.decisionNote,
  decidedBy: row.decidedBy,
  userId: row.userId,
});
