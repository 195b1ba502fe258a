/**
 * Behavior: when the survey starts (at once, after a delay, on exit intent, at half the
 * page, on a custom DOM event, on a click of matching elements), the share of matching
 * visitors it is shown to, how long it keeps showing, until when it runs, whether it
 * starts minimized, and whether it may start during the site-wide cooldown. Everything
 * but "immediately", every visitor, "until the visitor responds" and "indefinitely"
 * needs the behavior feature; the cooldown opt-out is free.
 */
import { useState } from 'react';
import {
	Card,
	CardBody,
	CardHeader,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { useFeature } from '../../../../shared/gating';
import { siteWidgetValues } from '../../../../shared/widgetLook';
import type { SurveySettings } from '../../../../shared/types';
import { ChoiceGroup } from './ChoiceGroup';
import { GatePrompt } from './GatePrompt';
import { displayLengthLabel, monthNames, timingLabel } from './labels';
import {
	DELAY_MAX,
	DELAY_MIN,
	SAMPLE_MAX,
	SAMPLE_MIN,
	SELECTOR_MAX,
	delayError,
	sampleError,
} from './validation';

type Behavior = SurveySettings[ 'behavior' ];

export function BehaviorCard( {
	behavior,
	errors,
	onChange,
	followsSite = false,
}: {
	behavior: Behavior;
	errors: Record< string, string >;
	onChange: ( next: Behavior ) => void;
	/** The survey uses the site's widget settings (theming.source 'site'). */
	followsSite?: boolean;
} ) {
	const gate = useFeature( 'behavior' );
	const locked = ! gate.allowed;
	// A survey that follows the site's look starts minimized as Settings > Widget says
	// (VisitorTheming::resolve()); its own choice is made in the builder's Look section.
	const config = useConfig();
	const set = < K extends keyof Behavior >( key: K, value: Behavior[ K ] ) =>
		onChange( { ...behavior, [ key ]: value } );

	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Behavior', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<GatePrompt gate={ gate } />
				<ChoiceGroup
					legend={ __( 'Start the survey', 'userfeedback' ) }
					value={ behavior.timing }
					options={ (
						[
							'immediate',
							'delay',
							'before_abandon',
							'half_page',
							'event',
							'click',
						] as const
					 ).map( ( timing ) => ( {
						value: timing,
						label: timingLabel( timing ),
						description: timingDescription( timing ),
						disabled: timing !== 'immediate' && locked,
					} ) ) }
					onChange={ ( timing ) => set( 'timing', timing ) }
				>
					{ behavior.timing === 'delay' && (
						<DelayField
							delay={ behavior.timing_delay }
							error={ errors[ 'behavior.timing_delay' ] }
							disabled={ locked }
							onChange={ ( delay ) =>
								set( 'timing_delay', delay )
							}
						/>
					) }
					{ behavior.timing === 'event' && (
						<TextField
							className="userfeedback-event-name"
							label={ __( 'Event name', 'userfeedback' ) }
							help={ __(
								"The name your page's script dispatches, such as cart:added (on window or document).",
								'userfeedback'
							) }
							value={ behavior.event_name ?? '' }
							maxLength={ 64 }
							error={ errors[ 'behavior.event_name' ] }
							disabled={ locked }
							onChange={ ( name ) => set( 'event_name', name ) }
						/>
					) }
					{ behavior.timing === 'click' && (
						<TextField
							className="userfeedback-click-selector"
							label={ __( 'CSS selector', 'userfeedback' ) }
							help={ __(
								'A click on a matching element, or inside one, starts the survey. For example: .pricing a, #contact-button',
								'userfeedback'
							) }
							value={ behavior.click_selector ?? '' }
							maxLength={ SELECTOR_MAX }
							error={ errors[ 'behavior.click_selector' ] }
							disabled={ locked }
							onChange={ ( selector ) =>
								set( 'click_selector', selector )
							}
						/>
					) }
				</ChoiceGroup>

				<SampleField
					percent={ behavior.sample_percent ?? 100 }
					error={ errors[ 'behavior.sample_percent' ] }
					// A survey already sampled may go back to every visitor without the feature.
					disabled={
						locked && ( behavior.sample_percent ?? 100 ) === 100
					}
					onChange={ ( percent ) => set( 'sample_percent', percent ) }
				/>

				<ChoiceGroup
					legend={ __( 'Display length', 'userfeedback' ) }
					value={ behavior.display_length }
					options={ (
						[ 'until_response', 'once', 'repeatedly' ] as const
					 ).map( ( length ) => ( {
						value: length,
						label: displayLengthLabel( length ),
						disabled: length !== 'until_response' && locked,
					} ) ) }
					onChange={ ( length ) => set( 'display_length', length ) }
				/>

				<ChoiceGroup
					legend={ __( 'Run time', 'userfeedback' ) }
					value={ behavior.run_time }
					options={ [
						{
							value: 'indefinitely',
							label: __( 'Run indefinitely', 'userfeedback' ),
						},
						{
							value: 'expire',
							label: __( 'Stop on a date', 'userfeedback' ),
							disabled: locked,
						},
					] }
					onChange={ ( runTime ) => set( 'run_time', runTime ) }
				>
					<ExpiryFields
						expire={ behavior.expire_at }
						disabled={ locked || behavior.run_time !== 'expire' }
						error={
							behavior.run_time === 'expire'
								? errors[ 'behavior.expire_at' ]
								: undefined
						}
						onChange={ ( expire ) => set( 'expire_at', expire ) }
					/>
				</ChoiceGroup>

				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Start minimized', 'userfeedback' ) }
					help={
						followsSite
							? __(
									"This survey uses the site's widget settings, so Settings > Widget decides. To set it here, choose Customize for this survey under Look in the Questions step.",
									'userfeedback'
								)
							: __(
									'Show only the widget toggle until the visitor opens the survey.',
									'userfeedback'
								)
					}
					checked={
						followsSite
							? siteWidgetValues( config ).widget_start_minimized
							: behavior.start_minimized
					}
					disabled={ locked || followsSite }
					onChange={ ( on ) => set( 'start_minimized', on ) }
				/>

				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Remember when a visitor closes the survey',
						'userfeedback'
					) }
					help={ __(
						'A visitor who closes the survey with × does not see it again until they close the browser tab.',
						'userfeedback'
					) }
					checked={ behavior.remember_dismissal !== false }
					// Behaviour settings: a site without the addon keeps the default (on).
					disabled={ locked }
					onChange={ ( on ) => set( 'remember_dismissal', on ) }
				/>

				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Show even during the site-wide cooldown',
						'userfeedback'
					) }
					help={ __(
						'Settings can keep visitors who just saw a survey from seeing another for some days. Turn this on for a survey that should start anyway, such as one placed in a page.',
						'userfeedback'
					) }
					checked={ !! behavior.ignore_cooldown }
					// Free on every tier.
					onChange={ ( on ) => set( 'ignore_cooldown', on ) }
				/>
			</CardBody>
		</Card>
	);
}

function timingDescription( timing: Behavior[ 'timing' ] ): string | undefined {
	switch ( timing ) {
		case 'before_abandon':
			return __(
				'Desktop only: when the pointer moves towards the top of the window.',
				'userfeedback'
			);
		case 'event':
			return __(
				"When your page's script dispatches a custom event, or calls userfeedback('show', id).",
				'userfeedback'
			);
		case 'click':
			return __(
				'When the visitor clicks a button, link or other element you choose.',
				'userfeedback'
			);
	}
	return undefined;
}

/** A text field with its error shown under it, in place of its hint. */
function TextField( {
	className,
	label,
	help,
	value,
	maxLength,
	error,
	disabled,
	onChange,
}: {
	className: string;
	label: string;
	help: string;
	value: string;
	maxLength: number;
	error?: string;
	disabled: boolean;
	onChange: ( value: string ) => void;
} ) {
	return (
		<div className={ className + ( error ? ' has-error' : '' ) }>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ label }
				// The error in place of the hint, as the delay field shows its own.
				help={ error ?? help }
				value={ value }
				maxLength={ maxLength }
				disabled={ disabled }
				aria-invalid={ error ? true : undefined }
				onChange={ onChange }
			/>
		</div>
	);
}

/**
 * "Show to N% of matching visitors". What is typed is kept while it is not a number.
 */
function SampleField( {
	percent,
	error,
	disabled,
	onChange,
}: {
	percent: number;
	error?: string;
	disabled: boolean;
	onChange: ( percent: number ) => void;
} ) {
	const [ text, setText ] = useState( String( percent ) );
	const typed = text.trim();
	const unparsable = typed === '' || ! Number.isFinite( Number( typed ) );
	const value =
		unparsable || Number( typed ) === percent ? text : String( percent );
	const message = unparsable ? sampleError( NaN ) : error;
	return (
		<div
			className={
				'userfeedback-sample' + ( message ? ' has-error' : '' )
			}
		>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __(
					'Show to this % of matching visitors',
					'userfeedback'
				) }
				help={
					message ??
					__(
						'Each visitor is drawn once, in or out, and stays so. 100 shows the survey to everyone it matches.',
						'userfeedback'
					)
				}
				type="number"
				min={ SAMPLE_MIN }
				max={ SAMPLE_MAX }
				step={ 1 }
				disabled={ disabled }
				value={ value }
				aria-invalid={ message ? true : undefined }
				onChange={ ( next ) => {
					setText( next );
					const number = Number( next );
					if ( next.trim() !== '' && Number.isFinite( number ) ) {
						onChange( number );
					}
				} }
			/>
		</div>
	);
}

/**
 * The delay in seconds. What the user types is kept here while it is not a number,
 * so clearing the field to type a new value does not snap back.
 */
function DelayField( {
	delay,
	error,
	disabled,
	onChange,
}: {
	delay: number;
	error?: string;
	disabled: boolean;
	onChange: ( delay: number ) => void;
} ) {
	const [ text, setText ] = useState( String( delay ) );
	const typed = text.trim();
	const unparsable = typed === '' || ! Number.isFinite( Number( typed ) );
	// What was typed, unless the delay changed from elsewhere since.
	const value =
		unparsable || Number( typed ) === delay ? text : String( delay );
	const typedError = unparsable ? delayError( NaN ) : null;
	const message = typedError ?? error;
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			className={ 'userfeedback-delay' + ( message ? ' has-error' : '' ) }
			label={ __( 'Delay in seconds', 'userfeedback' ) }
			type="number"
			min={ DELAY_MIN }
			max={ DELAY_MAX }
			step={ 1 }
			disabled={ disabled }
			value={ value }
			aria-invalid={ message ? true : undefined }
			help={ message }
			onChange={ ( next ) => {
				setText( next );
				const number = Number( next );
				if ( next.trim() !== '' && Number.isFinite( number ) ) {
					onChange( number );
				}
			} }
		/>
	);
}

function ExpiryFields( {
	expire,
	disabled,
	error,
	onChange,
}: {
	expire: Behavior[ 'expire_at' ];
	disabled: boolean;
	error?: string;
	onChange: ( next: Behavior[ 'expire_at' ] ) => void;
} ) {
	const months = monthNames();
	return (
		<div className="userfeedback-expiry">
			<div className="userfeedback-expiry__fields">
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Month', 'userfeedback' ) }
					disabled={ disabled }
					value={ expire.month ? String( expire.month ) : '' }
					options={ [
						{ value: '', label: __( 'Month', 'userfeedback' ) },
						...months.map( ( name, index ) => ( {
							value: String( index + 1 ),
							label: name,
						} ) ),
					] }
					onChange={ ( month ) =>
						onChange( {
							...expire,
							month: month ? Number( month ) : null,
						} )
					}
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Day', 'userfeedback' ) }
					disabled={ disabled }
					value={ expire.day ? String( expire.day ) : '' }
					options={ [
						{ value: '', label: __( 'Day', 'userfeedback' ) },
						...Array.from( { length: 31 }, ( _v, index ) => ( {
							value: String( index + 1 ),
							label: String( index + 1 ),
						} ) ),
					] }
					onChange={ ( day ) =>
						onChange( {
							...expire,
							day: day ? Number( day ) : null,
						} )
					}
				/>
			</div>
			{ error && <p className="userfeedback-field-error">{ error }</p> }
		</div>
	);
}
