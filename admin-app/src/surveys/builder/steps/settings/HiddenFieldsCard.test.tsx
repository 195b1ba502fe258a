/**
 * The settings step's "Hidden fields" card: add and remove fields, the key following the
 * name, inline checks with the server's rules (boot config hidden_fields), the server's
 * field errors, at most `max`, and the hidden_fields feature gate.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type {
	AppConfig,
	HiddenField,
	HiddenFieldRules,
} from '../../../../shared/types';
import { HiddenFieldsCard, hiddenFieldErrors } from './HiddenFieldsCard';
import { renderControlled, tierConfig } from './testing';

/** What Responses\HiddenFields::client_rules() answers. */
const RULES: HiddenFieldRules = {
	max: 10,
	value_max: 200,
	name_max: 40,
	name_pattern: '^[a-z][a-z0-9_]{0,39}$',
	key_max: 64,
	key_pattern: '^[A-Za-z0-9_.\\[\\]-]{1,64}$',
	sources: [ 'query', 'cookie', 'attribute' ],
};

function config(
	allowed: boolean,
	rules: HiddenFieldRules = RULES
): AppConfig {
	const base = tierConfig( allowed ? 'elite' : 'lite' );
	return {
		...base,
		hidden_fields: rules,
		entitlements: {
			...base.entitlements,
			features: {
				...base.entitlements.features,
				hidden_fields: {
					allowed,
					label: 'Hidden Fields',
					plan: 'pro',
					addon: null,
					reason: allowed ? null : 'upgrade',
				},
			},
		},
	};
}

function renderCard(
	fields: HiddenField[] = [],
	options: {
		allowed?: boolean;
		errors?: Record< string, string >;
		rules?: HiddenFieldRules;
	} = {}
) {
	return renderControlled< HiddenField[] >(
		fields,
		( value, onChange ) => (
			<HiddenFieldsCard
				fields={ value }
				errors={ options.errors }
				onChange={ onChange }
			/>
		),
		config( options.allowed ?? true, options.rules )
	);
}

const plan: HiddenField = { name: 'plan', source: 'query', key: 'plan' };

describe( 'HiddenFieldsCard', () => {
	it( 'explains itself with an example', () => {
		renderCard();
		expect( screen.getByText( /\?plan=pro/ ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'Hidden fields' } )
		).toBeInTheDocument();
	} );

	it( 'adds a field whose key follows its name, from a URL query parameter', async () => {
		const user = userEvent.setup();
		const { latest } = renderCard();
		await user.click(
			screen.getByRole( 'button', { name: 'Add hidden field' } )
		);
		expect( latest() ).toEqual( [
			{ name: 'field_1', source: 'query', key: 'field_1' },
		] );
		const name = screen.getByRole( 'textbox', { name: 'Name of field 1' } );
		await user.clear( name );
		await user.type( name, 'plan' );
		expect( latest() ).toEqual( [ plan ] );
		expect(
			screen.getByRole( 'textbox', {
				name: 'Parameter name of field 1',
			} )
		).toHaveValue( 'plan' );
	} );

	it( 'keeps a key set apart from the name, and changes the source', async () => {
		const user = userEvent.setup();
		const { latest } = renderCard( [ plan ] );
		const key = screen.getByRole( 'textbox', {
			name: 'Parameter name of field 1',
		} );
		await user.clear( key );
		await user.type( key, 'tier' );
		await user.type(
			screen.getByRole( 'textbox', { name: 'Name of field 1' } ),
			'_x'
		);
		expect( latest() ).toEqual( [
			{ name: 'plan_x', source: 'query', key: 'tier' },
		] );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Source of field 1' } ),
			'JavaScript attribute'
		);
		expect( latest()[ 0 ].source ).toBe( 'attribute' );
		expect(
			screen.getByRole( 'textbox', { name: 'Attribute name of field 1' } )
		).toHaveValue( 'tier' );
	} );

	it( 'removes a field', async () => {
		const user = userEvent.setup();
		const { latest } = renderCard( [
			plan,
			{ name: 'utm', source: 'cookie', key: 'utm_source' },
		] );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove hidden field plan' } )
		);
		expect( latest() ).toEqual( [
			{ name: 'utm', source: 'cookie', key: 'utm_source' },
		] );
	} );

	it( 'says what is wrong with a name or key, under it', async () => {
		renderCard( [
			{ name: 'Plan', source: 'query', key: 'my plan' },
			plan,
			{ name: 'plan', source: 'cookie', key: 'plan' },
		] );
		const first = screen.getByRole( 'textbox', {
			name: 'Name of field 1',
		} );
		expect( first ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( first ).toHaveAccessibleDescription(
			/lower-case letters, digits and _.*\(at most 40\)/
		);
		expect( first ).toHaveAttribute( 'maxLength', '40' );
		const key = screen.getByRole( 'textbox', {
			name: 'Parameter name of field 1',
		} );
		expect( key ).toHaveAccessibleDescription(
			/letters, digits and _ \. - \[ \] only \(at most 64\)/
		);
		expect( key ).toHaveAttribute( 'maxLength', '64' );
		expect(
			screen.getByRole( 'textbox', { name: 'Name of field 2' } )
		).not.toHaveAttribute( 'aria-invalid' );
		expect(
			screen.getByRole( 'textbox', { name: 'Name of field 3' } )
		).toHaveAccessibleDescription( /already named "plan"/ );
	} );

	it( 'shows the server’s error where the card has none', () => {
		renderCard( [ plan ], {
			errors: { 'hidden_fields.0.key': 'The server says no.' },
		} );
		expect(
			screen.getByRole( 'textbox', { name: 'Parameter name of field 1' } )
		).toHaveAccessibleDescription( 'The server says no.' );
	} );

	it( 'stops adding at the most the server takes', () => {
		const fields = [ 'a', 'b' ].map( ( name ): HiddenField => ( {
			name,
			source: 'query',
			key: name,
		} ) );
		renderCard( fields, { rules: { ...RULES, max: 2 } } );
		expect(
			screen.getByRole( 'button', { name: 'Add hidden field' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		expect(
			screen.getByText( 'A survey can have at most 2 hidden fields.' )
		).toBeInTheDocument();
	} );

	it( 'without the feature: says why and adds nothing, but a field can be removed', async () => {
		const user = userEvent.setup();
		const { latest, changes } = renderCard( [ plan ], { allowed: false } );
		expect( screen.getByText( /Hidden Fields/ ) ).toBeInTheDocument();
		const add = screen.getByRole( 'button', { name: 'Add hidden field' } );
		expect( add ).toHaveAttribute( 'aria-disabled', 'true' );
		await user.click( add );
		expect( changes ).toHaveLength( 0 );
		const row = screen.getByRole( 'listitem' );
		await user.click(
			within( row ).getByRole( 'button', { name: /Remove/ } )
		);
		expect( latest() ).toEqual( [] );
	} );
} );

describe( 'hiddenFieldErrors', () => {
	it( 'keys errors as the server does, and checks the count', () => {
		const many = Array.from( { length: 11 }, ( _, i ): HiddenField => ( {
			name: `f${ i }`,
			source: 'query',
			key: `f${ i }`,
		} ) );
		expect( hiddenFieldErrors( many, RULES ) ).toHaveProperty(
			'hidden_fields'
		);
		expect( hiddenFieldErrors( many.slice( 0, 10 ), RULES ) ).toEqual( {} );
		expect(
			Object.keys(
				hiddenFieldErrors(
					[ { name: '', source: 'query', key: '' } ],
					RULES
				)
			)
		).toEqual( [ 'hidden_fields.0.name', 'hidden_fields.0.key' ] );
		// A 41-character name breaks the server's pattern.
		expect(
			hiddenFieldErrors(
				[ { name: 'a'.repeat( 41 ), source: 'query', key: 'a' } ],
				RULES
			)
		).toHaveProperty( [ 'hidden_fields.0.name' ] );
	} );
} );
