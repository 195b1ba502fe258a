import { describe, expect, it } from 'vitest';

import {
	canContinue,
	canGoBack,
	isStepLocked,
	nextStep,
	previousStep,
	stepsFor,
} from './flow';
import { question, survey } from '../../shared/test/surveyFixtures';

describe( 'builder steps', () => {
	it( 'shows setup only when creating a survey', () => {
		expect( stepsFor( 'new' ) ).toEqual( [
			'setup',
			'questions',
			'settings',
			'notifications',
			'publish',
		] );
		expect( stepsFor( 'edit' ) ).toEqual( [
			'questions',
			'settings',
			'notifications',
			'publish',
		] );
	} );

	it( 'allows Back above index 0 on a new survey, above 1 on an existing one', () => {
		expect( canGoBack( 'new', 'setup' ) ).toBe( false );
		expect( canGoBack( 'new', 'questions' ) ).toBe( true );
		expect( previousStep( 'new', 'questions' ) ).toBe( 'setup' );
		expect( canGoBack( 'edit', 'questions' ) ).toBe( false );
		expect( previousStep( 'edit', 'questions' ) ).toBeNull();
		expect( canGoBack( 'edit', 'settings' ) ).toBe( true );
		expect( previousStep( 'edit', 'publish' ) ).toBe( 'notifications' );
	} );

	it( 'has no Next on setup nor after the last step', () => {
		expect( nextStep( 'setup' ) ).toBeNull();
		expect( nextStep( 'questions' ) ).toBe( 'settings' );
		expect( nextStep( 'notifications' ) ).toBe( 'publish' );
		expect( nextStep( 'publish' ) ).toBeNull();
	} );

	it( 'locks later steps while the current one cannot continue', () => {
		expect( isStepLocked( 'questions', 'publish', false ) ).toBe( true );
		expect( isStepLocked( 'questions', 'settings', false ) ).toBe( true );
		expect( isStepLocked( 'settings', 'questions', false ) ).toBe( false );
		expect( isStepLocked( 'questions', 'publish', true ) ).toBe( false );
	} );

	it( 'applies each step’s continue rule', () => {
		expect( canContinue( 'setup', survey( { template: '' } ) ) ).toBe(
			false
		);
		expect(
			canContinue(
				'questions',
				survey( {
					questions: [ question( 1, 'text', { title: '' } ) ],
				} )
			)
		).toBe( false );
		const badRule = survey();
		badRule.settings.targeting = {
			...badRule.settings.targeting,
			pages: 'select',
			page_rules: [ { logic: 'page_url_is', operator: '&&', data: '' } ],
		};
		expect( canContinue( 'settings', badRule ) ).toBe( false );
		expect( canContinue( 'settings', survey() ) ).toBe( true );
		expect( canContinue( 'publish', survey() ) ).toBe( true );
	} );
} );
