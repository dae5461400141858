import type { CollectSurvey } from '@trashegimia/contract/collect';
import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '@/shared/i18n/language';

export type SurveyPreviewProps = {
  /** The survey as the field collector receives it. */
  survey: CollectSurvey;
  /** The language the form opens in; its own language switch changes it. */
  language: Language;
  onClose: () => void;
};

/** Renders the survey in the field collector's form as a preview that stores and sends nothing. */
export type RenderSurveyPreview = (props: SurveyPreviewProps) => ReactNode;

/**
 * The collect feature makes the preview and the survey editor shows it; features never import each
 * other, so the app hands it over here.
 */
export const SurveyPreviewContext = createContext<RenderSurveyPreview | null>(null);

export const useSurveyPreview = (): RenderSurveyPreview => {
  const preview = useContext(SurveyPreviewContext);
  if (!preview) throw new Error('useSurveyPreview must be used inside <SurveyPreviewProvider>');
  return preview;
};
