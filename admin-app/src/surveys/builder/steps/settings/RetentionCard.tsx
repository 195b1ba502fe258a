/**
 * Keep responses: the survey's retention_days. null follows the site's setting (shown
 * with its value), 0 keeps them forever, N deletes them after N days (the daily purge).
 */
import { useState } from 'react';
import {
	Card,
	CardBody,
	CardHeader,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';

/** The longest retention the server takes (SettingsSchema::RETENTION_MAX). */
const MAX_DAYS = 3650;

type Choice = 'site' | 'forever' | 'days';

function choiceOf( days: number | null ): Choice {
	if ( days === null ) {
		return 'site';
	}
	return days === 0 ? 'forever' : 'days';
}

/**
 * @param days The days typed.
 */
function valid( days: number ): boolean {
	return Number.isInteger( days ) && days >= 1 && days <= MAX_DAYS;
}

/**
 * @param props          Component props.
 * @param props.days     The survey's retention_days.
 * @param props.onChange Called with a new value (a valid one only).
 */
export function RetentionCard( {
	days,
	onChange,
}: {
	days: number | null;
	onChange: ( days: number | null ) => void;
} ) {
	const siteDays = useConfig().retention_days ?? 0;
	const [ choice, setChoice ] = useState< Choice >( choiceOf( days ) );
	const [ text, setText ] = useState(
		String( days && days > 0 ? days : siteDays || 365 )
	);
	const typed = Number( text );
	const invalid =
		choice === 'days' && ( text.trim() === '' || ! valid( typed ) );

	const site =
		siteDays > 0
			? sprintf(
					/* translators: %s: number of days. */
					_n(
						'Use the site setting (delete after %s day)',
						'Use the site setting (delete after %s days)',
						siteDays,
						'userfeedback'
					),
					siteDays.toLocaleString()
				)
			: __( 'Use the site setting (keep forever)', 'userfeedback' );

	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Keep responses', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<RadioControl
					label={ __( 'Keep responses', 'userfeedback' ) }
					hideLabelFromVision
					selected={ choice }
					options={ [
						{ value: 'site', label: site },
						{
							value: 'forever',
							label: __( 'Forever', 'userfeedback' ),
						},
						{
							value: 'days',
							label: __(
								'Delete after a number of days',
								'userfeedback'
							),
						},
					] }
					onChange={ ( value ) => {
						const next = value as Choice;
						setChoice( next );
						if ( next === 'site' ) {
							onChange( null );
						} else if ( next === 'forever' ) {
							onChange( 0 );
						} else if ( valid( typed ) ) {
							onChange( typed );
						}
					} }
				/>
				{ choice === 'days' && (
					<>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							type="number"
							min={ 1 }
							max={ MAX_DAYS }
							label={ __(
								'Delete responses older than (days)',
								'userfeedback'
							) }
							value={ text }
							onChange={ ( value ) => {
								setText( value );
								const next = Number( value );
								if ( value.trim() !== '' && valid( next ) ) {
									onChange( next );
								}
							} }
							aria-invalid={ invalid || undefined }
						/>
						{ invalid && (
							<p
								className="userfeedback-field-error"
								role="alert"
							>
								{ sprintf(
									/* translators: %s: the largest number of days. */
									__(
										'Enter a whole number of days from 1 to %s.',
										'userfeedback'
									),
									MAX_DAYS.toLocaleString()
								) }
							</p>
						) }
					</>
				) }
				<p className="components-base-control__help">
					{ __(
						'A daily task permanently deletes this survey’s responses (completed, partial and trashed) older than the period, with their answers. This cannot be undone.',
						'userfeedback'
					) }
				</p>
			</CardBody>
		</Card>
	);
}
