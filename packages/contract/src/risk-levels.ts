import type { RiskLevel } from './assets';

const RISK_WORDS: Record<string, RiskLevel> = {
  '1': 'high',
  'i lartë': 'high',
  'e lartë': 'high',
  '2': 'medium',
  mesatar: 'medium',
  'i mesëm': 'medium',
  '3': 'low',
  'i ulët': 'low',
  'e ulët': 'low',
};

/**
 * Risk → level: 1/2/3 or the Albanian words; anything else is low. The server keeps an
 * asset's level with it; the demo data and the benchmark's synthetic assets are made with this too.
 */
export function riskLevelFromRisk(risk: string | null): RiskLevel {
  return RISK_WORDS[(risk ?? '').trim().toLowerCase()] ?? 'low';
}

/** Whether an asset records a risk at all: a map shows its level's colour, and its card the level, only then. */
export const recordsRisk = (risk: string | null | undefined): boolean => Boolean(risk?.trim());
