import type { LibraryOption } from '../schema/index';
import { CONDITION_OPTIONS, MATERIAL_OPTIONS, type OptionDef } from './demo-survey';

/** Field devices that sent the demo's submissions. */
export const DEMO_DEVICES = [
  { mac: 'A4:5E:60:C1:22:01', model: 'Samsung Galaxy Tab Active3', type: 'tablet' },
  { mac: 'F8:1A:67:3B:9C:42', model: 'Samsung Galaxy XCover6 Pro', type: 'phone' },
  { mac: '3C:28:6D:E0:71:B5', model: 'Google Pixel 7a', type: 'phone' },
] as const;

const toLibrary = (options: OptionDef[]): LibraryOption[] =>
  options.map((o) => ({
    value: o.value,
    descriptionXk: o.label.xk,
    descriptionEn: o.label.en,
    descriptionSr: o.label.sr,
    isAnother: o.isAnother ?? false,
  }));

/** Two reusable questions, the same as the survey's, ready to import into a new survey. */
export const DEMO_LIBRARY_QUESTIONS = [
  {
    titleXk: 'Gjendja fizike',
    titleEn: 'Physical condition',
    titleSr: 'Fizičko stanje',
    questionType: 'SINGLE_CHOICE',
    questionIdentifier: 'SIMPLE_QUESTION',
    options: toLibrary(CONDITION_OPTIONS),
  },
  {
    titleXk: 'Materialet e ndërtimit',
    titleEn: 'Building materials',
    titleSr: 'Građevinski materijali',
    questionType: 'MULTIPLE_CHOICE',
    questionIdentifier: 'SIMPLE_QUESTION',
    options: toLibrary(MATERIAL_OPTIONS),
  },
];
