/**
 * The filter bar's count line: exact, or "n+" when the route's count stopped at its cap
 * (matched_capped: a broad filter at scale, issue 19).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FilterBar } from './FilterBar';
import type { ResponsesView } from './view';

const view: ResponsesView = {
	status: 'all',
	conditions: [ { field: 'device', operator: 'isAny', value: [ 'mobile' ] } ],
	page: 1,
	perPage: 10,
	sort: { field: 'submitted_at', direction: 'desc' },
	search: '',
};

function line( props: {
	matched: number;
	capped?: boolean;
	filtered?: boolean;
} ) {
	render(
		<FilterBar
			fields={ [] }
			view={
				props.filtered === false ? { ...view, conditions: [] } : view
			}
			onChange={ () => undefined }
			matched={ props.matched }
			capped={ props.capped }
			onReset={ () => undefined }
		/>
	);
	return screen.getByRole( 'status' );
}

describe( 'Filter bar count', () => {
	it( 'says the exact count when it is one', () => {
		expect( line( { matched: 1234 } ) ).toHaveTextContent(
			/^1,234 responses match$/
		);
	} );

	it( 'says "n+" when more match than the count says', () => {
		expect( line( { matched: 1000, capped: true } ) ).toHaveTextContent(
			/^1,000\+ responses match$/
		);
	} );

	it( 'says nothing without a filter', () => {
		expect(
			line( { matched: 1000, capped: true, filtered: false } )
		).toHaveTextContent( /^$/ );
	} );
} );
