/**
 * The builder's route screens, loaded together as the "surveys-builder" chunk (surveys/routes.tsx):
 * the Surveys list does not carry them.
 */
export { BuilderFrame } from './BuilderFrame';
export { DuplicateSurvey } from './DuplicateSurvey';
export { NotificationsRoute, PublishRoute, SettingsRoute } from './StepRoutes';
export { QuestionsStep } from './steps/questions/QuestionsStep';
export { SetupStep } from './steps/setup/SetupStep';
