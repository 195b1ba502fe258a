/**
 * The settings being edited, as the form's sections see them: one object rather than a
 * dozen props each.
 */
import type {
	PostRatingIcon,
	PostRatingSettingKey,
	PostRatingSettings,
} from '../../shared/types';
import type { FieldErrors } from './useSaveRatingSettings';

export interface RatingForm {
	values: PostRatingSettings;
	defaults: PostRatingSettings;
	icons: PostRatingIcon[];
	/** The server's messages of the last refused save, per field. */
	errors: FieldErrors;
	/** The user may not manage settings: every control is disabled, nothing resets. */
	readOnly: boolean;
	set: < K extends PostRatingSettingKey >(
		key: K,
		value: PostRatingSettings[ K ]
	) => void;
	reset: ( key: PostRatingSettingKey ) => void;
}

const COLORS: PostRatingSettingKey[] = [
	'icon_color',
	'background_color',
	'text_color',
];

/**
 * Whether a setting holds its default (colours compare without case: the colour input
 * gives '#1579ef' for the default '#1579EF').
 *
 * @param values   The values.
 * @param defaults The defaults.
 * @param key      The setting.
 */
export function isDefault(
	values: PostRatingSettings,
	defaults: PostRatingSettings,
	key: PostRatingSettingKey
): boolean {
	const value = values[ key ];
	const fallback = defaults[ key ];
	if ( COLORS.includes( key ) ) {
		return (
			String( value ).toLowerCase() === String( fallback ).toLowerCase()
		);
	}
	return value === fallback;
}

export function errorId( key: PostRatingSettingKey ): string {
	return `userfeedback-post-rating-error-${ key }`;
}
