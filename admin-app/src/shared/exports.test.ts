import { describe, expect, it } from 'vitest';

import { exportUrl, type ExportTarget } from './exports';

const config: ExportTarget = {
	exports_url: 'admin.php?page=userfeedback_exports',
	exports_nonce: 'n0nce',
	urls: { admin: 'http://site.test/wp-admin/' },
};

function params( url: string ) {
	return Object.fromEntries( new URL( url ).searchParams );
}

describe( 'exportUrl', () => {
	it( 'builds the general report URL on the exports page, with the nonce', () => {
		const url = exportUrl(
			{ surveyId: 7, report: 'general', format: 'csv' },
			config
		);
		expect( url ).toBe(
			'http://site.test/wp-admin/admin.php?page=userfeedback_exports&survey_id=7&report=general&format=csv&_wpnonce=n0nce'
		);
	} );

	it( 'adds the question and the range when given', () => {
		expect(
			params(
				exportUrl(
					{
						surveyId: 7,
						report: 'question',
						questionId: 3,
						format: 'xlsx',
						from: '2026-11-01',
						to: '2026-11-30',
					},
					config
				)
			)
		).toEqual( {
			page: 'userfeedback_exports',
			survey_id: '7',
			report: 'question',
			question_id: '3',
			format: 'xlsx',
			from: '2026-11-01',
			to: '2026-11-30',
			_wpnonce: 'n0nce',
		} );
	} );

	it( 'sends no question id with the general report', () => {
		expect(
			params(
				exportUrl(
					{
						surveyId: 7,
						report: 'general',
						questionId: 3,
						format: 'csv',
					},
					config
				)
			)
		).not.toHaveProperty( 'question_id' );
	} );

	it( 'takes an absolute exports URL as it is', () => {
		const url = exportUrl(
			{ surveyId: 2, report: 'general', format: 'xlsx' },
			{
				...config,
				exports_url:
					'https://other.test/wp-admin/admin.php?page=userfeedback_exports',
			}
		);
		expect(
			url.startsWith( 'https://other.test/wp-admin/admin.php?' )
		).toBe( true );
		expect( params( url )._wpnonce ).toBe( 'n0nce' );
	} );

	it( 'refuses a question report without a question', () => {
		expect( () =>
			exportUrl(
				{ surveyId: 7, report: 'question', format: 'csv' },
				config
			)
		).toThrow( /questionId/ );
	} );
} );
