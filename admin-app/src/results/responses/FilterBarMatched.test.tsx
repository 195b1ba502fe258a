/**
 * The filter bar's count line: exact, or "n+" when the route's count stopped at its cap
 * (matched_capped: a broad filter at scale, issue 19), or "Counting responses…" while the
 * list's own count is on its way.
 */
import { cleanup, render, screen } from '@testing-library/react';
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
	counting?: boolean;
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
			counting={ props.counting }
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

	it( 'says it is counting, not what the page knows, while the count is on its way', () => {
		const status = line( { matched: 11, capped: true, counting: true } );
		expect( status ).toHaveTextContent( /^Counting responses…$/ );
		expect( status ).toHaveAttribute( 'aria-live', 'polite' );
	} );

	it( 'says nothing without a filter', () => {
		expect(
			line( { matched: 1000, capped: true, filtered: false } )
		).toHaveTextContent( /^$/ );
		cleanup();
		expect(
			line( { matched: 11, counting: true, filtered: false } )
		).toHaveTextContent( /^$/ );
	} );
} );
