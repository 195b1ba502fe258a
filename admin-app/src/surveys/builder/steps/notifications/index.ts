export {
	NotificationsStep,
	type NotificationsStepProps,
} from './NotificationsStep';
export { canContinueNotifications } from './validation';
export { parseEmailList, isEmail } from './emails';
export {
	comparatorsFor,
	subjectQuestions,
	valueChoices,
	type ComparatorOption,
} from './comparators';
