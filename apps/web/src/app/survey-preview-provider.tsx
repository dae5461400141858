import { lazy, type ReactNode } from 'react';
import { SurveyPreviewContext, type RenderSurveyPreview } from '@/shared/surveys/use-survey-preview';

// Loaded when a preview first opens, so the collector's form stays out of the editor's chunk.
const CollectSurveyPreview = lazy(() =>
  import('@/features/collect/components/survey-preview').then((module) => ({ default: module.SurveyPreview })),
);

const renderCollectSurveyPreview: RenderSurveyPreview = (props) => <CollectSurveyPreview {...props} />;

/** Lets the survey editor preview a survey in the field collector's own form. */
export const SurveyPreviewProvider = ({ children }: { children: ReactNode }) => (
  <SurveyPreviewContext value={renderCollectSurveyPreview}>{children}</SurveyPreviewContext>
);
