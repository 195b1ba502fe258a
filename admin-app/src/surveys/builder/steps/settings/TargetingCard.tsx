/**
 * Targeting: devices, pages (all, or page rules) and countries.
 */
import { useMemo } from 'react';
import {
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { useFeature } from '../../../../shared/gating';
import type { Device, SurveySettings } from '../../../../shared/types';
import { ChoiceGroup } from './ChoiceGroup';
import { countryOptions } from './countries';
import { GatePrompt } from './GatePrompt';
import { DEVICES, deviceLabel } from './labels';
import { MultiSelect } from '../../../../shared/components/MultiSelect';
import { freshPageRule, PageRules } from './PageRules';

type Targeting = SurveySettings[ 'targeting' ];
type Geo = SurveySettings[ 'geo_targeting' ];

export function TargetingCard( {
	targeting,
	geo,
	errors,
	onTargeting,
	onGeo,
}: {
	targeting: Targeting;
	geo: Geo;
	errors: Record< string, string >;
	onTargeting: ( next: Targeting ) => void;
	onGeo: ( next: Geo ) => void;
} ) {
	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Targeting', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<Devices
					devices={ targeting.devices }
					error={ errors[ 'targeting.devices' ] }
					onChange={ ( devices ) =>
						onTargeting( { ...targeting, devices } )
					}
				/>
				<Pages targeting={ targeting } onChange={ onTargeting } />
				<Countries
					geo={ geo }
					error={ errors[ 'geo_targeting.countries' ] }
					onChange={ onGeo }
				/>
			</CardBody>
		</Card>
	);
}

function Devices( {
	devices,
	error,
	onChange,
}: {
	devices: Device[];
	error?: string;
	onChange: ( devices: Device[] ) => void;
} ) {
	const gate = useFeature( 'device_targeting' );
	return (
		<fieldset className="userfeedback-choices">
			<legend className="userfeedback-choices__legend">
				{ __( 'Devices', 'userfeedback' ) }
			</legend>
			{ DEVICES.map( ( device ) => (
				<CheckboxControl
					key={ device }
					__nextHasNoMarginBottom
					label={ deviceLabel( device ) }
					checked={ devices.includes( device ) }
					// Desktop is in every plan; the others need device targeting.
					disabled={ device !== 'desktop' && ! gate.allowed }
					onChange={ ( checked ) =>
						onChange(
							// Kept in the canonical order: three entries mean all.
							DEVICES.filter( ( d ) =>
								d === device ? checked : devices.includes( d )
							)
						)
					}
				/>
			) ) }
			{ error && <p className="userfeedback-field-error">{ error }</p> }
			<GatePrompt gate={ gate } />
		</fieldset>
	);
}

function Pages( {
	targeting,
	onChange,
}: {
	targeting: Targeting;
	onChange: ( next: Targeting ) => void;
} ) {
	const gate = useFeature( 'page_targeting' );
	return (
		<ChoiceGroup
			legend={ __( 'Pages', 'userfeedback' ) }
			value={ targeting.pages }
			options={ [
				{ value: 'all', label: __( 'All pages', 'userfeedback' ) },
				{
					value: 'select',
					label: __( 'Pages matching rules', 'userfeedback' ),
					disabled: ! gate.allowed,
				},
			] }
			onChange={ ( pages ) =>
				onChange( {
					...targeting,
					pages,
					page_rules:
						pages === 'select' && targeting.page_rules.length === 0
							? [ freshPageRule() ]
							: targeting.page_rules,
				} )
			}
		>
			<GatePrompt gate={ gate } />
			{ targeting.pages === 'select' && (
				<PageRules
					rules={ targeting.page_rules }
					disabled={ ! gate.allowed }
					onChange={ ( pageRules ) =>
						onChange( { ...targeting, page_rules: pageRules } )
					}
				/>
			) }
		</ChoiceGroup>
	);
}

function Countries( {
	geo,
	error,
	onChange,
}: {
	geo: Geo;
	error?: string;
	onChange: ( next: Geo ) => void;
} ) {
	const gate = useFeature( 'geo_targeting' );
	const { locale } = useConfig().site;
	const options = useMemo( () => countryOptions( locale ), [ locale ] );
	const byCode = useMemo(
		() => new Map( options.map( ( o ) => [ String( o.id ), o ] ) ),
		[ options ]
	);
	return (
		<ChoiceGroup
			legend={ __( 'Countries', 'userfeedback' ) }
			value={ geo.target }
			options={ [
				{ value: 'all', label: __( 'All countries', 'userfeedback' ) },
				{
					value: 'select',
					label: __( 'Selected countries', 'userfeedback' ),
					disabled: ! gate.allowed,
				},
			] }
			onChange={ ( target ) => onChange( { ...geo, target } ) }
		>
			<GatePrompt
				gate={ gate }
				message={ __(
					'Please activate the Geo Restrictions addon to access this feature.',
					'userfeedback'
				) }
			/>
			{ geo.target === 'select' && (
				<MultiSelect
					label={ __(
						'Show the survey to visitors from',
						'userfeedback'
					) }
					options={ options }
					value={ geo.countries.map(
						( code ) =>
							byCode.get( code ) ?? { id: code, label: code }
					) }
					disabled={ ! gate.allowed }
					error={ error }
					onChange={ ( chosen ) =>
						onChange( {
							...geo,
							countries: chosen.map( ( c ) => String( c.id ) ),
						} )
					}
				/>
			) }
		</ChoiceGroup>
	);
}
