import { describe, expect, it } from 'vitest';

import type { QuestionType, SurveyTemplate } from '../../shared/types';
import { newRedirectCondition } from '../../shared/surveyDefaults';
import {
	addPlainOption,
	applyColorScheme,
	applyTemplate,
	canAddOption,
	canContinueQuestions,
	canContinueSetup,
	canRemoveOption,
	canRemoveRedirectRow,
	comparatorsFor,
	isScheduling,
	logicSubjects,
	moveQuestion,
	nextQuestionId,
	optionLimits,
	removeQuestion,
	retypeQuestion,
	saveLabel,
	setRedirectComparator,
	setRedirectQuestion,
	setThankYouType,
	supportsCommentBox,
	supportsRandomize,
	thankYouMessage,
	validateQuestion,
	valueChoices,
} from './rules';
import {
	condition,
	question,
	survey,
	withLogic,
} from '../../shared/test/surveyFixtures';

describe( 'removeQuestion', () => {
	it( 'removes the question and every condition on it, turning empty logic off', () => {
		const draft = survey( {
			questions: [
				question( 1 ),
				question( 2 ),
				withLogic( question( 3 ), [ condition( 1 ) ] ),
				withLogic( question( 4 ), [ condition( 1 ), condition( 2 ) ] ),
			],
		} );
		const next = removeQuestion( draft, 1 );

		expect( next.questions.map( ( q ) => q.id ) ).toEqual( [ 2, 3, 4 ] );
		expect( next.questions[ 1 ].logic ).toEqual( {
			enabled: false,
			action: 'show',
			conditions: [],
		} );
		expect( next.questions[ 2 ].logic ).toEqual( {
			enabled: true,
			action: 'show',
			conditions: [ condition( 2 ) ],
		} );
		// Untouched questions keep their identity (no needless re-renders).
		expect( next.questions[ 0 ] ).toBe( draft.questions[ 1 ] );
	} );

	it( 'also cleans email notification logic and conditional redirects', () => {
		const draft = survey( {
			questions: [ question( 1 ), question( 2 ) ],
		} );
		draft.notifications.email.logic = {
			enable: true,
			action: 'send',
			conditions: [ condition( 1 ) ],
		};
		draft.settings.thank_you = {
			...draft.settings.thank_you,
			type: 'conditional_redirect',
			conditions: [
				{ ...newRedirectCondition( 1 ), condition_type: 'equals' },
				newRedirectCondition( 2 ),
			],
		};
		const next = removeQuestion( draft, 1 );

		expect( next.notifications.email.logic ).toEqual( {
			enable: false,
			action: 'send',
			conditions: [],
		} );
		expect( next.settings.thank_you.conditions ).toEqual( [
			newRedirectCondition( 2 ),
		] );
	} );

	it( 'keeps email logic on while other conditions remain', () => {
		const draft = survey( { questions: [ question( 1 ), question( 2 ) ] } );
		draft.notifications.email.logic = {
			enable: true,
			action: 'send',
			conditions: [ condition( 1 ), condition( 2 ) ],
		};
		expect(
			removeQuestion( draft, 1 ).notifications.email.logic
		).toMatchObject( { enable: true, conditions: [ condition( 2 ) ] } );
	} );
} );

describe( 'moveQuestion', () => {
	const draft = () =>
		survey( {
			questions: [
				question( 1 ),
				question( 2 ),
				withLogic( question( 3 ), [ condition( 1 ), condition( 2 ) ] ),
				withLogic( question( 4 ), [ condition( 3, 'equals' ) ] ),
			],
		} );

	it( 'drops the moved question’s conditions on questions now after it', () => {
		// 3 moves to the top: 1 and 2 are after it now.
		const next = moveQuestion( draft(), 2, 0 );
		expect( next.questions.map( ( q ) => q.id ) ).toEqual( [ 3, 1, 2, 4 ] );
		expect( next.questions[ 0 ].logic ).toMatchObject( {
			enabled: false,
			conditions: [],
		} );
	} );

	it( 'keeps the moved question’s conditions on questions still before it', () => {
		// 3 moves between 1 and 2: its condition on 1 stays.
		const next = moveQuestion( draft(), 2, 1 );
		expect( next.questions.map( ( q ) => q.id ) ).toEqual( [ 1, 3, 2, 4 ] );
		expect( next.questions[ 1 ].logic ).toMatchObject( {
			enabled: true,
			conditions: [ condition( 1 ) ],
		} );
	} );

	it( 'drops other questions’ conditions on the moved question', () => {
		// 3 moves to the end; 4 referred to it.
		const next = moveQuestion( draft(), 2, 3 );
		expect( next.questions.map( ( q ) => q.id ) ).toEqual( [ 1, 2, 4, 3 ] );
		expect( next.questions[ 2 ].logic ).toMatchObject( {
			enabled: false,
			conditions: [],
		} );
		// Its own conditions (on 1 and 2, still before it) stay.
		expect( next.questions[ 3 ].logic.conditions ).toHaveLength( 2 );
	} );

	it( 'does nothing for a drop in place or out of range', () => {
		const original = draft();
		expect( moveQuestion( original, 1, 1 ) ).toBe( original );
		expect( moveQuestion( original, 0, 9 ) ).toBe( original );
	} );
} );

describe( 'comparators and values', () => {
	it.each< [ QuestionType, string[] ] >( [
		[ 'checkbox', [ 'in' ] ],
		[ 'radio-button', [ 'equals', 'not_equals' ] ],
		[ 'image-radio', [ 'equals', 'not_equals' ] ],
		[ 'icon-choice', [ 'equals', 'not_equals' ] ],
		[ 'email', [ 'contains', 'not_contains', 'starts_with', 'ends_with' ] ],
		[ 'text', [ 'contains', 'not_contains', 'starts_with', 'ends_with' ] ],
		[
			'long-text',
			[ 'contains', 'not_contains', 'starts_with', 'ends_with' ],
		],
		[ 'star-rating', [ 'greater_than', 'less_than' ] ],
		[ 'nps', [ 'equals', 'not_equals', 'greater_than', 'less_than' ] ],
	] )( '%s offers %j', ( type, expected ) => {
		expect( comparatorsFor( type ) ).toEqual( expected );
	} );

	it( 'lists values: free text, stars, NPS scores, option labels', () => {
		expect( valueChoices( question( 1, 'text' ) ) ).toBeNull();
		expect( valueChoices( question( 1, 'email' ) ) ).toBeNull();
		expect( valueChoices( question( 1, 'star-rating' ) ) ).toEqual( [
			'1',
			'2',
			'3',
			'4',
			'5',
		] );
		expect( valueChoices( question( 1, 'nps' ) ) ).toHaveLength( 11 );
		expect( valueChoices( question( 1, 'radio-button' ) ) ).toEqual( [
			'Yes',
			'No',
		] );
		expect(
			valueChoices(
				question( 1, 'image-radio', {
					config: {
						options: [
							{ label: 'Cat', image: null },
							{ label: '', image: null },
						],
					},
				} )
			)
		).toEqual( [ 'Cat' ] );
	} );

	it( 'offers logic only on earlier radio, checkbox, NPS or star questions', () => {
		const questions = [
			question( 1, 'text' ),
			question( 2, 'image-radio' ),
			question( 3, 'star-rating' ),
			question( 4, 'radio-button' ),
			question( 5, 'checkbox' ),
		];
		expect( logicSubjects( questions, 1 ) ).toEqual( [] );
		expect( logicSubjects( questions, 3 ) ).toEqual( [] );
		expect( logicSubjects( questions, 5 ).map( ( q ) => q.id ) ).toEqual( [
			3, 4,
		] );
	} );
} );

describe( 'options', () => {
	it( 'needs 1 option for checkbox, 2 for the others, at most 5', () => {
		expect( optionLimits( 'checkbox' ) ).toEqual( { min: 1, max: 5 } );
		expect( optionLimits( 'radio-button' ) ).toEqual( { min: 2, max: 5 } );
		expect( optionLimits( 'image-radio' ) ).toEqual( { min: 2, max: 5 } );
		expect( optionLimits( 'icon-choice' ) ).toEqual( { min: 2, max: 5 } );
		expect( canAddOption( 'radio-button', 4 ) ).toBe( true );
		expect( canAddOption( 'radio-button', 5 ) ).toBe( false );
	} );

	it( 'removes any option down to the minimum, none below it', () => {
		expect( canRemoveOption( 'radio-button', 0, 3 ) ).toBe( true );
		expect( canRemoveOption( 'radio-button', 1, 3 ) ).toBe( true );
		expect( canRemoveOption( 'radio-button', 2, 3 ) ).toBe( true );
		expect( canRemoveOption( 'radio-button', 0, 2 ) ).toBe( false );
		expect( canRemoveOption( 'radio-button', 1, 2 ) ).toBe( false );
		expect( canRemoveOption( 'checkbox', 1, 2 ) ).toBe( true );
		expect( canRemoveOption( 'checkbox', 0, 1 ) ).toBe( false );
	} );

	it( 'trims typed options and refuses empty, duplicate or sixth ones', () => {
		expect( addPlainOption( 'radio-button', [ 'A' ], '  B  ' ) ).toEqual( [
			'A',
			'B',
		] );
		expect( addPlainOption( 'radio-button', [ 'A' ], '   ' ) ).toBeNull();
		expect( addPlainOption( 'radio-button', [ 'A' ], ' A ' ) ).toBeNull();
		expect(
			addPlainOption( 'checkbox', [ '1', '2', '3', '4', '5' ], '6' )
		).toBeNull();
	} );

	it( 'offers randomize and comment box by type', () => {
		expect( supportsRandomize( 'checkbox' ) ).toBe( true );
		expect( supportsRandomize( 'icon-choice' ) ).toBe( true );
		expect( supportsRandomize( 'nps' ) ).toBe( false );
		expect( supportsCommentBox( 'nps' ) ).toBe( true );
		expect( supportsCommentBox( 'star-rating' ) ).toBe( true );
		expect( supportsCommentBox( 'email' ) ).toBe( false );
		expect( supportsCommentBox( 'long-text' ) ).toBe( false );
	} );
} );

describe( 'retypeQuestion', () => {
	it.each< [ QuestionType, unknown ] >( [
		[
			'image-radio',
			[
				{ label: '', image: null },
				{ label: '', image: null },
			],
		],
		[
			'icon-choice',
			[
				{ label: '', icon: null },
				{ label: '', icon: null },
			],
		],
		[ 'radio-button', [] ],
		[ 'checkbox', [] ],
	] )( 'resets the config of a question changed to %s', ( type, options ) => {
		const draft = survey( {
			questions: [
				question(
					1,
					type === 'checkbox' ? 'radio-button' : 'checkbox'
				),
			],
		} );
		const next = retypeQuestion( draft, 1, type );
		expect( next.questions[ 0 ].type ).toBe( type );
		expect( next.questions[ 0 ].config ).toEqual( { options } );
	} );

	it( 'turns off settings the new type lacks and sets icon defaults', () => {
		const draft = survey( {
			questions: [
				question( 1, 'radio-button', {
					settings: {
						required: true,
						randomize: true,
						comment_box: true,
					},
				} ),
			],
		} );
		expect(
			retypeQuestion( draft, 1, 'email' ).questions[ 0 ].settings
		).toEqual( {
			required: true,
			randomize: false,
			comment_box: false,
		} );
		expect(
			retypeQuestion( draft, 1, 'icon-choice' ).questions[ 0 ].settings
		).toEqual( {
			required: true,
			randomize: true,
			comment_box: true,
			icon_color: '#1579EF',
			icon_size: 'medium',
		} );
	} );

	it( 'resets or removes conditions on the retyped question', () => {
		const draft = survey( {
			questions: [
				question( 1 ),
				withLogic( question( 2 ), [ condition( 1, 'equals', 'Yes' ) ] ),
			],
		} );
		const asNps = retypeQuestion( draft, 1, 'nps' );
		expect( asNps.questions[ 1 ].logic.conditions ).toEqual( [
			{ question_id: 1, compare: '', value: '' },
		] );
		const asText = retypeQuestion( draft, 1, 'text' );
		expect( asText.questions[ 1 ].logic ).toMatchObject( {
			enabled: false,
			conditions: [],
		} );
	} );
} );

describe( 'validation and continue rules', () => {
	it( 'reports a missing title and missing or empty options', () => {
		expect(
			validateQuestion( question( 1, 'radio-button', { title: ' ' } ) )
		).toEqual( [ 'Title is required.' ] );
		expect(
			validateQuestion(
				question( 1, 'checkbox', { config: { options: [] } } )
			)
		).toEqual( [ 'Options are required.' ] );
		expect( validateQuestion( question( 1, 'icon-choice' ) ) ).toEqual( [
			'Options are required.',
		] );
		expect( validateQuestion( question( 1, 'nps' ) ) ).toEqual( [] );
		expect( validateQuestion( question( 1, 'text' ) ) ).toEqual( [] );
	} );

	it( 'lets setup continue once a template is chosen', () => {
		expect( canContinueSetup( survey( { template: '' } ) ) ).toBe( false );
		expect( canContinueSetup( survey( { template: 'blank' } ) ) ).toBe(
			true
		);
	} );

	it( 'lets questions continue only with valid questions and thank-you', () => {
		expect( canContinueQuestions( survey() ) ).toBe( true );
		expect( canContinueQuestions( survey( { questions: [] } ) ) ).toBe(
			false
		);
		expect(
			canContinueQuestions(
				survey( {
					questions: [ question( 1, 'text', { title: '' } ) ],
				} )
			)
		).toBe( false );

		const noMessage = survey();
		noMessage.settings.thank_you.message = '  ';
		expect( canContinueQuestions( noMessage ) ).toBe( false );

		const redirect = survey();
		redirect.settings.thank_you.type = 'redirect';
		expect( canContinueQuestions( redirect ) ).toBe( false );
		redirect.settings.thank_you.redirect_to = { id: 2, label: 'Thanks' };
		expect( canContinueQuestions( redirect ) ).toBe( true );
	} );
} );

describe( 'saveLabel', () => {
	it( 'reads scheduling from publish_at as the publish step writes it', () => {
		expect( isScheduling( { publish_at: null } ) ).toBe( false );
		expect( isScheduling( { publish_at: '' } ) ).toBe( true );
		expect( isScheduling( { publish_at: '2099-01-01T10:00:00' } ) ).toBe(
			true
		);
	} );

	it( 'reads draft, schedule or publish', () => {
		expect( saveLabel( 'draft', false ) ).toBe( 'Save as Draft' );
		expect( saveLabel( 'draft', true ) ).toBe( 'Save as Draft' );
		expect( saveLabel( 'publish', true ) ).toBe( 'Save and Schedule' );
		expect( saveLabel( 'publish', false ) ).toBe( 'Save and Publish' );
	} );
} );

describe( 'thank-you', () => {
	it( 'adds the first conditional redirect row on the first question', () => {
		const draft = survey( { questions: [ question( 7 ), question( 8 ) ] } );
		const next = setThankYouType(
			draft.settings.thank_you,
			'conditional_redirect',
			draft.questions
		);
		expect( next.conditions ).toEqual( [ newRedirectCondition( 7 ) ] );
		// Existing rows are kept.
		expect(
			setThankYouType( next, 'conditional_redirect', draft.questions )
				.conditions
		).toBe( next.conditions );
	} );

	it( 'resets comparator and value with the question, value with the comparator', () => {
		const row = {
			...newRedirectCondition( 1 ),
			condition_type: 'equals' as const,
			condition: 'Yes',
			page: { id: 3, label: 'Thanks' },
		};
		expect( setRedirectQuestion( row, 2 ) ).toEqual( {
			...row,
			question: 2,
			condition_type: '',
			condition: '',
		} );
		expect( setRedirectComparator( row, 'not_equals' ) ).toEqual( {
			...row,
			condition_type: 'not_equals',
			condition: '',
		} );
	} );

	it( 'deletes a row only when more than one exists', () => {
		expect( canRemoveRedirectRow( [ newRedirectCondition( 1 ) ] ) ).toBe(
			false
		);
		expect(
			canRemoveRedirectRow( [
				newRedirectCondition( 1 ),
				newRedirectCondition( 1 ),
			] )
		).toBe( true );
	} );

	it( 'restores the default message when emptied', () => {
		expect( thankYouMessage( '   ' ) ).toBe( 'Thanks for your feedback!' );
		expect( thankYouMessage( 'Bye' ) ).toBe( 'Bye' );
	} );
} );

describe( 'templates, ids and theming', () => {
	const template: SurveyTemplate = {
		key: 'nps',
		name: 'Net Promoter Score',
		description: '',
		is_available: true,
		required_addons: [],
		tier: 'lite',
		type: 'nps',
		config: { questions: [ question( 1, 'nps' ) ] },
	};

	it( 'replaces questions and sets the title unless blank', () => {
		const draft = survey( { title: 'Mine' } );
		const applied = applyTemplate( draft, template );
		expect( applied ).toMatchObject( {
			title: 'Net Promoter Score',
			template: 'nps',
			type: 'nps',
		} );
		expect( applied.questions ).toEqual( template.config.questions );
		expect( applied.questions ).not.toBe( template.config.questions );

		const blank = applyTemplate( draft, {
			...template,
			key: 'blank',
			name: 'Blank',
			type: 'survey',
			config: { questions: [] },
		} );
		expect( blank ).toMatchObject( { title: 'Mine', questions: [] } );
	} );

	it( 'gives new questions ids above every existing one, never reusing one', () => {
		const now = 1_800_000_000_000;
		expect( nextQuestionId( [], now ) ).toBe( 1_800_000_000 );
		expect( nextQuestionId( [ question( 1_900_000_000 ) ], now ) ).toBe(
			1_900_000_001
		);
	} );

	it( 'replaces the colours with the chosen scheme’s preset', () => {
		const theming = survey().settings.theming;
		expect(
			applyColorScheme( { ...theming, widget_color: '#abcdef' }, 'dark' )
		).toMatchObject( {
			color_scheme: 'dark',
			widget_color: '#333333',
			text_color: '#ffffff',
			button_color: '#2D87F1',
		} );
	} );
} );
