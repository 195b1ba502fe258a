/**
 * Hidden fields on the responses screens: the single response's "Hidden fields" section
 * and one table column per hidden field of the survey.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeConfig } from '../../shared/test/fixtures';
import type { ResponseDetail } from '../../shared/types';
import { responseColumns, toRows } from './columns';
import { ResponseFieldsCard } from './ResponseFieldsCard';
import { response, SURVEY } from './test/harness';

const survey = { ...SURVEY, hidden_fields: [ 'plan', 'utm_source' ] };

function detail( fields: Record< string, string > ): ResponseDetail {
	return {
		response: response( 1, { fields } ),
		survey,
		position: {
			index: 1,
			total: 1,
			capped: false,
			prev_id: null,
			next_id: null,
		},
	};
}

describe( 'ResponseFieldsCard', () => {
	it( 'lists the survey’s fields in its order, then stored ones it no longer lists', () => {
		render(
			<ResponseFieldsCard
				detail={ detail( { old_field: 'x', plan: 'pro' } ) }
			/>
		);
		const region = screen.getByRole( 'region', { name: 'Hidden fields' } );
		const terms = within( region )
			.getAllByRole( 'term' )
			.map( ( term ) => term.textContent );
		expect( terms ).toEqual( [ 'plan', 'utm_source', 'old_field' ] );
		const values = within( region )
			.getAllByRole( 'definition' )
			.map( ( value ) => value.textContent );
		expect( values ).toEqual( [ 'pro', 'No value', 'x' ] );
	} );

	it( 'is left out when there is nothing to show', () => {
		const { container } = render(
			<ResponseFieldsCard
				detail={ {
					...detail( {} ),
					survey: { ...SURVEY, hidden_fields: [] },
				} }
			/>
		);
		expect( container ).toBeEmptyDOMElement();
	} );
} );

describe( 'responseColumns', () => {
	it( 'adds a column per hidden field, headed by its name, before Status', () => {
		const columns = responseColumns( makeConfig(), survey, () => null );
		const titles = columns.map( ( column ) => column.title );
		expect( titles.slice( -3 ) ).toEqual( [
			'plan',
			'utm_source',
			'Status',
		] );
		const [ row ] = toRows( [
			response( 1, { fields: { plan: 'pro' } } ),
		] )!;
		const plan = columns.find( ( column ) => column.title === 'plan' )!;
		const utm = columns.find(
			( column ) => column.title === 'utm_source'
		)!;
		render(
			<>
				<span data-testid="plan">{ plan.render!( row ) }</span>
				<span data-testid="utm">{ utm.render!( row ) }</span>
			</>
		);
		expect( screen.getByTestId( 'plan' ) ).toHaveTextContent( 'pro' );
		expect( screen.getByTestId( 'utm' ) ).toHaveTextContent( '—' );
	} );

	it( 'adds none for a survey without hidden fields', () => {
		const titles = responseColumns(
			makeConfig(),
			{ ...SURVEY, hidden_fields: [] },
			() => null
		).map( ( column ) => column.title );
		expect( titles ).not.toContain( 'plan' );
		expect( titles.at( -1 ) ).toBe( 'Status' );
	} );
} );
