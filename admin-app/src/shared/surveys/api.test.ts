/**
 * The surveys resource's writes against the REST write contract: create answers 201
 * with the survey and its Location, update answers the survey, and what the builder
 * needs besides comes in the X-UserFeedback-Notes header.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setupApi } from '../api';
import { installFakeApi, type FakeApi } from '../test/fakeSurveysApi';
import { makeConfig, restOn } from '../test/fixtures';
import { serverForSuite } from '../test/server';
import { survey } from '../test/surveyFixtures';
import { createSurvey, parseNotes, saveSurvey, toInput } from './api';

const server = serverForSuite();
let api: FakeApi;

beforeAll( () => setupApi( makeConfig( { rest: restOn( server ) } ) ) );
beforeEach( () => {
	api = installFakeApi( server );
} );

describe( 'parseNotes', () => {
	it( 'reads the header the server sends', () => {
		expect(
			parseNotes(
				'{"published":false,"stripped":["logo"],"message":"Not yet."}',
				{ status: 'draft' }
			)
		).toEqual( {
			published: false,
			stripped: [ 'logo' ],
			message: 'Not yet.',
		} );
	} );

	it.each( [
		[ 'no header', null ],
		[ 'not JSON', '{published' ],
		[ 'not an object', '"yes"' ],
		[
			'keys of the wrong type',
			'{"published":"no","stripped":"logo","message":3}',
		],
	] )( 'reads %s as "saved as asked"', ( _, header ) => {
		expect( parseNotes( header, { status: 'publish' } ) ).toEqual( {
			published: true,
			stripped: [],
			message: '',
		} );
		expect( parseNotes( header, { status: 'draft' } ).published ).toBe(
			false
		);
	} );
} );

describe( 'saving', () => {
	it( 'creates with POST surveys and reads the survey and the notes of the 201', async () => {
		api.saveAnswer = {
			published: false,
			message: "The Survey can't be published: it has no questions.",
			stripped: [ 'advanced_question_types' ],
		};
		const draft = survey( { id: 0, status: 'publish', questions: [] } );

		const result = await createSurvey( toInput( draft ) );

		expect( api.saves[ 0 ] ).toMatchObject( {
			path: '/wp-json/userfeedback/v1/surveys',
			method: 'POST',
		} );
		expect( result.survey.id ).toBe( 100 );
		expect( result.survey.status ).toBe( 'draft' );
		expect( result.published ).toBe( false );
		expect( result.message ).toBe(
			"The Survey can't be published: it has no questions."
		);
		expect( result.stripped ).toEqual( [ 'advanced_question_types' ] );
	} );

	it( 'updates a saved survey with PUT surveys/{id}; an empty message reads as none', async () => {
		api.surveys.set( 5, survey() );

		const result = await saveSurvey( survey( { title: 'Renamed' } ) );

		expect( api.saves[ 0 ] ).toMatchObject( {
			path: '/wp-json/userfeedback/v1/surveys/5',
			method: 'PUT',
			body: { title: 'Renamed' },
		} );
		expect( result.survey ).toMatchObject( { id: 5, title: 'Renamed' } );
		expect( result.message ).toBeNull();
		expect( result.stripped ).toEqual( [] );
	} );

	it( 'rejects with the server’s error when the save is refused', async () => {
		await expect(
			saveSurvey( survey( { id: 404 } ) )
		).rejects.toMatchObject( {
			code: 'userfeedback_survey_not_found',
			status: 404,
		} );
	} );
} );
