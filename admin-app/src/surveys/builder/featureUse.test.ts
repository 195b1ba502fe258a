/**
 * The builder's reading of the server's feature table: on every case of the stripping
 * contract, what featuresToStrip() lists is what the server strips (the table and the
 * tiers recorded from PHP by tests/php/Surveys/LapsedFeaturesTest.php).
 */
import { describe, expect, it } from 'vitest';

import corpus from '../../../../tests/fixtures/contract/feature-stripping.json';
import recorded from '../../../../tests/fixtures/recorded/feature-policy.json';
import type { FeaturePolicyRow, Survey } from '../../shared/types';
import { featuresToStrip, usesFeature } from './featureUse';

const cases = (
	corpus as unknown as {
		cases: { name: string; survey: Survey; stripped: string[] }[];
	}
 ).cases;
const record = recorded as unknown as {
	table: FeaturePolicyRow[];
	available: Record< string, Record< string, boolean > >;
};

function tableFor( index: number, name: string ): FeaturePolicyRow[] {
	const available = record.available[ `#${ index } ${ name }` ];
	expect( available ).toBeDefined();
	return record.table.map( ( row ) => ( {
		...row,
		available: available[ row.feature ],
	} ) );
}

const row = ( feature: string ) =>
	record.table.find( ( item ) => item.feature === feature )!;

describe( 'featuresToStrip (config.feature_policy)', () => {
	it.each( cases.map( ( item, index ) => [ item.name, index ] as const ) )(
		'%s',
		( name, index ) => {
			const { survey, stripped } = cases[ index ];
			let predicted = featuresToStrip(
				survey,
				tableFor( index, name )
			).map( ( item ) => item.feature );
			// Branding goes back to the site's look, which moves a middle position too
			// (the server then reports branding alone).
			if ( stripped.includes( 'branding' ) ) {
				predicted = predicted.filter(
					( feature ) => feature !== 'widget_positions_middle'
				);
			}
			expect( predicted ).toEqual( stripped );
		}
	);

	it( 'lists nothing without a table', () => {
		expect( featuresToStrip( cases[ 0 ].survey, undefined ) ).toEqual( [] );
	} );

	it( 'ignores archived questions and reads device lists in any order', () => {
		const survey = {
			...cases[ 0 ].survey,
			type: 'survey',
			questions: [
				{ ...cases[ 0 ].survey.questions[ 1 ], archived: true },
			],
			settings: {
				...cases[ 0 ].survey.settings,
				targeting: {
					devices: [ 'mobile', 'desktop', 'tablet' ],
					pages: 'all',
					page_rules: [],
				},
			},
		} as Survey;
		expect( usesFeature( survey, row( 'advanced_question_types' ) ) ).toBe(
			false
		);
		expect( usesFeature( survey, row( 'device_targeting' ) ) ).toBe(
			false
		);
		survey.questions[ 0 ] = {
			...survey.questions[ 0 ],
			archived: undefined,
		};
		survey.settings.targeting.devices = [ 'mobile' ];
		expect( usesFeature( survey, row( 'advanced_question_types' ) ) ).toBe(
			true
		);
		expect( usesFeature( survey, row( 'device_targeting' ) ) ).toBe( true );
	} );

	it( 'counts a middle position only with the survey’s own look', () => {
		const survey = structuredClone( cases[ 0 ].survey );
		survey.settings.theming = {
			...survey.settings.theming,
			position: 'middle_left',
			source: 'site',
		};
		expect( usesFeature( survey, row( 'widget_positions_middle' ) ) ).toBe(
			false
		);
		survey.settings.theming.source = 'custom';
		expect( usesFeature( survey, row( 'widget_positions_middle' ) ) ).toBe(
			true
		);
	} );
} );
