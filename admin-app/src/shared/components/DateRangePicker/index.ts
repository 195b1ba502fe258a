export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export {
	EARLIEST_DAY,
	INTERVAL_IDS,
	addDays,
	clampRange,
	formatDay,
	intervalRange,
	isDay,
	lastDays,
	matchInterval,
	rangeLength,
	rangeProblem,
	siteToday,
	type DateRange,
	type Day,
	type IntervalId,
	type RangeProblem,
} from './dates';
