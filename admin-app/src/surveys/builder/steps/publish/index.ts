export {
	PublishStep,
	type PublishStepProps,
	type PublishPatch,
} from './PublishStep';
export {
	scheduleComplete,
	fieldsToLocal,
	localToFields,
	utcToLocal,
	localToDate,
	scheduledLocal,
	isNaiveLocal,
	EMPTY_SCHEDULE,
	type ScheduleFields,
	type Period,
} from './schedule';
export { targetingSummary, behaviorSummary } from './summary';
