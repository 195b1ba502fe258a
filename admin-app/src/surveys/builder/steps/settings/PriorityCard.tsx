/**
 * Priority (settings.priority, 0 to 100, free): among several floating surveys
 * that match a page, the higher one is shown; at equal priority the older survey.
 */
import { useState } from 'react';
import { Card, CardBody, CardHeader, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

/** The highest priority the server takes (SurveySettingsSchema::PRIORITY_MAX). */
export const PRIORITY_MAX = 100;

/**
 * @param value The number typed.
 */
export function isPriority( value: number ): boolean {
	return Number.isInteger( value ) && value >= 0 && value <= PRIORITY_MAX;
}

/**
 * @param props          Component props.
 * @param props.priority settings.priority.
 * @param props.error    The server's refusal of the field, if any.
 * @param props.onChange Called with a valid priority only.
 */
export function PriorityCard( {
	priority,
	error,
	onChange,
}: {
	priority: number;
	error?: string;
	onChange: ( priority: number ) => void;
} ) {
	const [ text, setText ] = useState( String( priority ) );
	const invalid = text.trim() === '' || ! isPriority( Number( text ) );
	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Priority', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="number"
					min={ 0 }
					max={ PRIORITY_MAX }
					label={ __( 'Priority', 'userfeedback' ) }
					help={ __(
						'When several floating surveys could start on the same page, the one with the highest priority is shown. With equal priority, the older survey (the one created first) is shown.',
						'userfeedback'
					) }
					value={ text }
					onChange={ ( value ) => {
						setText( value );
						const next = Number( value );
						if ( value.trim() !== '' && isPriority( next ) ) {
							onChange( next );
						}
					} }
					aria-invalid={ invalid || undefined }
				/>
				{ ( invalid || error ) && (
					<p className="userfeedback-field-error" role="alert">
						{ invalid
							? sprintf(
									/* translators: %d: the highest priority. */
									__(
										'Enter a whole number from 0 to %d.',
										'userfeedback'
									),
									PRIORITY_MAX
								)
							: error }
					</p>
				) }
			</CardBody>
		</Card>
	);
}
