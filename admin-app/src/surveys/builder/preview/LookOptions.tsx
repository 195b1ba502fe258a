/**
 * The survey's look, above the live preview: the site's widget settings (Settings >
 * Widget, the default) or a look of its own (colour scheme and colours, position,
 * font, logo, start minimised), with "Reset to site settings". The gates are the ones
 * Settings > Widget uses (shared/widgetLook useWidgetGates): a look of its own needs
 * branding, middle positions the paid version, start minimised the behavior addon.
 */
import { useRef } from 'react';
import {
	Button,
	CheckboxControl,
	RadioControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { adminUrl } from '../../../shared/config';
import { useConfig } from '../../../shared/context';
import {
	fontFamilies,
	fontWeights,
	weightFor,
	weightLabel,
} from '../../../shared/fonts';
import type { SurveySettings, Theming } from '../../../shared/types';
import {
	siteThemingValues,
	siteWidgetValues,
	useWidgetGates,
} from '../../../shared/widgetLook';
import { FeatureNotice } from '../components/FeatureNotice';
import { applyColorScheme } from '../rules';
import { useBuilderStore } from '../store';

const MEDIUM = 'survey-branding';

type ColorKey = 'widget_color' | 'text_color' | 'button_color';
type Position = Theming[ 'position' ];
type Logo = 'userfeedback' | 'custom' | 'none';

function update( fn: ( settings: SurveySettings ) => SurveySettings ) {
	useBuilderStore.getState().updateSettings( fn );
}

function setTheming( changes: Partial< Theming > ) {
	update( ( settings ) => ( {
		...settings,
		theming: { ...settings.theming, ...changes },
	} ) );
}

export function LookOptions( { settings }: { settings: SurveySettings } ) {
	const config = useConfig();
	const gates = useWidgetGates();
	const { theming } = settings;
	const custom = theming.source === 'custom';
	// A look of its own that the survey left for the site's comes back when it is
	// chosen again in this session; otherwise the site's look is where it starts.
	const ownLook = useRef< {
		theming: Theming;
		minimized: boolean;
	} | null >(
		custom
			? { theming, minimized: settings.behavior.start_minimized }
			: null
	);

	const siteLook = () => {
		const site = siteWidgetValues( config );
		return {
			theming: {
				...siteThemingValues( site ),
				source: 'site',
			} as Theming,
			minimized: site.widget_start_minimized,
		};
	};
	const choose = ( source: string ) => {
		if ( source === 'site' ) {
			ownLook.current = {
				theming,
				minimized: settings.behavior.start_minimized,
			};
			setTheming( { source: 'site' } );
			return;
		}
		if ( ! gates.branding.guard( MEDIUM ) ) {
			return;
		}
		const start = ownLook.current ?? siteLook();
		update( ( current ) => ( {
			...current,
			theming: { ...start.theming, source: 'custom' },
			behavior: {
				...current.behavior,
				start_minimized: gates.allowed.behavior && start.minimized,
			},
		} ) );
	};
	const reset = () => {
		const site = siteLook();
		ownLook.current = null;
		update( ( current ) => ( {
			...current,
			theming: site.theming,
			behavior: {
				...current.behavior,
				start_minimized: gates.allowed.behavior && site.minimized,
			},
		} ) );
	};

	return (
		<section
			className="userfeedback-look"
			aria-label={ __( 'Look', 'userfeedback' ) }
		>
			<h3 className="userfeedback-look__title">
				{ __( 'Look', 'userfeedback' ) }
			</h3>
			{ /* Without branding (Lite, a lapsed licence) the reason comes first: a look of
			the survey's own opens the upgrade dialog. */ }
			<FeatureNotice gate={ gates.branding } medium={ MEDIUM } />
			<RadioControl
				label={ __( 'Look of this survey', 'userfeedback' ) }
				hideLabelFromVision
				selected={ custom ? 'custom' : 'site' }
				options={ [
					{
						value: 'site',
						label: __(
							"Use the site's widget settings",
							'userfeedback'
						),
					},
					{
						value: 'custom',
						label: __(
							'Customize for this survey',
							'userfeedback'
						),
					},
				] }
				onChange={ choose }
			/>
			{ custom ? (
				<CustomLook
					settings={ settings }
					gates={ gates }
					onReset={ reset }
				/>
			) : (
				<p className="userfeedback-look__help">
					{ __(
						'Colours, position, font, logo and start minimized come from Settings > Widget, and changes made there reach this survey.',
						'userfeedback'
					) }{ ' ' }
					<a
						href={ `${ adminUrl(
							config,
							config.urls.settings
						) }#/widget` }
					>
						{ __( 'Open Settings > Widget', 'userfeedback' ) }
					</a>
				</p>
			) }
		</section>
	);
}

function CustomLook( {
	settings,
	gates,
	onReset,
}: {
	settings: SurveySettings;
	gates: ReturnType< typeof useWidgetGates >;
	onReset: () => void;
} ) {
	const { theming } = settings;
	const branding = gates.branding;
	const locked = ! branding.allowed;
	const guard = () => branding.guard( MEDIUM );
	const colors: Array< [ ColorKey, string ] > = [
		[ 'widget_color', __( 'Background colour', 'userfeedback' ) ],
		[ 'text_color', __( 'Text colour', 'userfeedback' ) ],
		[ 'button_color', __( 'Button colour', 'userfeedback' ) ],
	];
	const positions: Array< { value: Position; label: string } > = [
		{ value: 'bottom_right', label: __( 'Bottom right', 'userfeedback' ) },
		{ value: 'bottom_left', label: __( 'Bottom left', 'userfeedback' ) },
		{ value: 'middle_right', label: __( 'Middle right', 'userfeedback' ) },
		{ value: 'middle_left', label: __( 'Middle left', 'userfeedback' ) },
	];
	const weights = fontWeights( theming.font.family );
	const families = fontFamilies().map( ( font ) => ( {
		value: font.family,
		label: font.family,
	} ) );
	if ( theming.font.family && ! weights.length ) {
		families.unshift( {
			value: theming.font.family,
			label: theming.font.family,
		} );
	}
	let logo: Logo = theming.logo_type;
	if ( ! theming.show_logo ) {
		logo = 'none';
	}

	return (
		<div className="userfeedback-look__custom">
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Colour scheme', 'userfeedback' ) }
				value={ theming.color_scheme }
				options={ [
					{ value: 'light', label: __( 'Light', 'userfeedback' ) },
					{ value: 'dark', label: __( 'Dark', 'userfeedback' ) },
				] }
				onChange={ ( scheme ) =>
					guard() &&
					update( ( current ) => ( {
						...current,
						theming: applyColorScheme(
							current.theming,
							scheme as Theming[ 'color_scheme' ]
						),
					} ) )
				}
			/>
			<div className="userfeedback-branding__colors">
				{ colors.map( ( [ key, label ] ) => (
					<label key={ key } className="userfeedback-field">
						<span>{ label }</span>
						<input
							type="color"
							value={ theming[ key ] }
							onClick={ ( event ) => {
								if ( locked ) {
									event.preventDefault();
									guard();
								}
							} }
							onChange={ ( event ) =>
								guard() &&
								setTheming( { [ key ]: event.target.value } )
							}
						/>
					</label>
				) ) }
			</div>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Position', 'userfeedback' ) }
				value={ theming.position }
				options={ positions.map( ( option ) => ( {
					...option,
					label:
						option.value.startsWith( 'middle_' ) &&
						! gates.middle.allowed
							? `${ option.label } (${ __(
									'Pro',
									'userfeedback'
								) })`
							: option.label,
				} ) ) }
				onChange={ ( position ) => {
					if (
						position.startsWith( 'middle_' ) &&
						! gates.middle.guard( MEDIUM )
					) {
						return;
					}
					if ( guard() ) {
						setTheming( { position: position as Position } );
					}
				} }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Font family', 'userfeedback' ) }
				value={ theming.font.family }
				options={ [
					{ value: '', label: __( 'Theme default', 'userfeedback' ) },
					...families,
				] }
				onChange={ ( family ) =>
					guard() &&
					setTheming( {
						font: {
							family,
							weight: weightFor( family, theming.font.weight ),
						},
					} )
				}
			/>
			{ weights.length > 0 && (
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Font weight', 'userfeedback' ) }
					value={ theming.font.weight }
					options={ weights.map( ( weight ) => ( {
						value: weight,
						label: weightLabel( weight ),
					} ) ) }
					onChange={ ( weight ) =>
						guard() &&
						setTheming( { font: { ...theming.font, weight } } )
					}
				/>
			) }
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Logo', 'userfeedback' ) }
				value={ logo }
				options={ [
					{
						value: 'userfeedback',
						label: __( 'UserFeedback logo', 'userfeedback' ),
					},
					{
						value: 'custom',
						label: __( 'Custom logo', 'userfeedback' ),
					},
					{ value: 'none', label: __( 'No logo', 'userfeedback' ) },
				] }
				onChange={ ( value ) =>
					guard() &&
					setTheming(
						value === 'none'
							? { show_logo: false }
							: {
									show_logo: true,
									logo_type: value as Theming[ 'logo_type' ],
								}
					)
				}
			/>
			{ logo === 'custom' && (
				<TextControl
					__nextHasNoMarginBottom
					type="url"
					label={ __( 'Logo URL', 'userfeedback' ) }
					value={ theming.custom_logo }
					onChange={ ( url ) =>
						guard() && setTheming( { custom_logo: url } )
					}
				/>
			) }
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Start minimized', 'userfeedback' ) }
				checked={ settings.behavior.start_minimized }
				onChange={ ( on ) =>
					gates.behavior.guard( MEDIUM ) &&
					update( ( current ) => ( {
						...current,
						behavior: { ...current.behavior, start_minimized: on },
					} ) )
				}
			/>
			<Button variant="secondary" onClick={ onReset }>
				{ __( 'Reset to site settings', 'userfeedback' ) }
			</Button>
		</div>
	);
}
