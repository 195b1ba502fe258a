/**
 * Conditions on hidden fields in the builder (issue 18 item 5): the display-logic
 * picker (LogicTab / ConditionFields) and the email-logic picker (EmailLogic) list
 * the survey's hidden fields after the questions, offer a field's comparators with a
 * text value, and mark a condition on a field the survey no longer lists.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import comparatorsCorpus from '../../../../tests/fixtures/contract/logic-comparators.json';
import { makeConfig } from '../../shared/test/fixtures';
import { newQuestion, newSurvey } from '../../shared/surveyDefaults';
import type {
	LogicCondition,
	Question,
	Survey,
	SurveyNotifications,
} from '../../shared/types';
import { useUpgradeDialog } from '../../shared/upgrade';
import {
	FIELD_COMPARATORS,
	conditionOnField,
	conditionOnQuestion,
	fieldNames,
	missingField,
	subjectValue,
	withSubject,
} from './fieldConditions';
import { EmailLogic } from './steps/notifications/EmailLogic';
import { LogicTab } from './steps/questions/LogicTab';
import { renderControlled, tierConfig } from './steps/settings/testing';
import { useBuilderStore } from './store';

const RADIO: Question = {
	...newQuestion( 1, 'radio-button', 'Did you find it?' ),
	config: { options: [ 'Yes', 'No' ] },
};

function draft(
	conditions: LogicCondition[] = [],
	names: string[] = [ 'plan', 'utm_source' ]
): Survey {
	const base = newSurvey( { site: makeConfig().site } );
	return {
		...base,
		id: 5,
		questions: [
			RADIO,
			{
				...newQuestion( 2, 'text', 'What is missing?' ),
				logic: {
					enabled: conditions.length > 0,
					action: 'show',
					conditions,
				},
			},
		],
		settings: {
			...base.settings,
			hidden_fields: names.map( ( name ) => ( {
				name,
				source: 'query',
				key: name,
			} ) ),
		},
	};
}

/** The second question's Logic tab, fed from the store as the builder feeds it. */
function LogicOfSecond() {
	const questions = useBuilderStore( ( state ) => state.draft?.questions );
	return questions ? (
		<LogicTab question={ questions[ 1 ] } questions={ questions } />
	) : null;
}

const secondLogic = () =>
	useBuilderStore.getState().draft?.questions[ 1 ].logic;
const optionTexts = ( select: HTMLElement ) =>
	within( select )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

beforeEach( () => {
	useBuilderStore.getState().reset();
	act( () => useUpgradeDialog.getState().close() );
} );

describe( 'fieldConditions', () => {
	it( 'offers the comparators the server takes for a field (logic-comparators.json)', () => {
		expect( [ ...FIELD_COMPARATORS ] ).toEqual(
			(
				comparatorsCorpus as unknown as {
					field_comparators: string[];
				}
			 ).field_comparators
		);
	} );

	it( 'reads and makes subjects: a question id or field:name', () => {
		expect( subjectValue( conditionOnField( 'plan' ) ) ).toBe(
			'field:plan'
		);
		expect( subjectValue( conditionOnQuestion( 4 ) ) ).toBe( '4' );
		expect( subjectValue( conditionOnQuestion( null ) ) ).toBe( '' );
		expect( withSubject( 'field:plan' ) ).toEqual( {
			question_id: null,
			field: 'plan',
			compare: '',
			value: '',
		} );
		// Back to a question: no field key is left behind (the server refuses both).
		expect( withSubject( '1' ) ).toEqual( {
			question_id: 1,
			compare: '',
			value: '',
		} );
		expect(
			fieldNames( [
				{ name: 'plan', source: 'query', key: 'plan' },
				{ name: '', source: 'query', key: 'x' },
				{ name: 'plan', source: 'cookie', key: 'plan' },
			] )
		).toEqual( [ 'plan' ] );
		expect( missingField( conditionOnField( 'coupon' ), [ 'plan' ] ) ).toBe(
			true
		);
		expect( missingField( conditionOnField( 'plan' ), [ 'plan' ] ) ).toBe(
			false
		);
		expect( missingField( conditionOnQuestion( 3 ), [] ) ).toBe( false );
	} );
} );

describe( 'display logic picker', () => {
	it( 'lists the hidden fields after the questions and stores a text condition on one', async () => {
		const user = userEvent.setup();
		useBuilderStore.getState().load( draft(), false );
		renderControlled( null, () => <LogicOfSecond />, tierConfig( 'pro' ) );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Enable conditional logic' } )
		);
		const subject = screen.getByRole( 'combobox', {
			name: 'Question or hidden field',
		} );
		expect( optionTexts( subject ) ).toEqual( [
			'Select…',
			'Did you find it?',
			'Hidden field: plan',
			'Hidden field: utm_source',
		] );

		await user.selectOptions( subject, 'Hidden field: plan' );
		const comparison = screen.getByRole( 'combobox', {
			name: 'Comparison',
		} );
		expect( optionTexts( comparison ) ).toHaveLength(
			FIELD_COMPARATORS.length + 1
		);
		await user.selectOptions( comparison, 'equals' );
		// A field's value is free text, not a list of options.
		await user.type(
			screen.getByRole( 'textbox', { name: 'Value' } ),
			'pro'
		);
		expect( secondLogic() ).toEqual( {
			enabled: true,
			action: 'show',
			conditions: [
				{
					question_id: null,
					field: 'plan',
					compare: 'equals',
					value: 'pro',
				},
			],
		} );

		// Back to the question: the field goes, the value is chosen from the options.
		await user.selectOptions( subject, 'Did you find it?' );
		expect( secondLogic()?.conditions ).toEqual( [
			{ question_id: 1, compare: '', value: '' },
		] );
	} );

	it( 'allows logic on a first question when the survey has hidden fields', async () => {
		const user = userEvent.setup();
		const survey = draft();
		survey.questions = [ survey.questions[ 1 ], RADIO ];
		useBuilderStore.getState().load( survey, false );
		function LogicOfFirst() {
			const questions = useBuilderStore(
				( state ) => state.draft?.questions
			);
			return questions ? (
				<LogicTab question={ questions[ 0 ] } questions={ questions } />
			) : null;
		}
		renderControlled( null, () => <LogicOfFirst />, tierConfig( 'pro' ) );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Enable conditional logic' } )
		);
		expect(
			useBuilderStore.getState().draft?.questions[ 0 ].logic.conditions
		).toEqual( [ conditionOnField( 'plan' ) ] );
	} );

	it( 'says so when a condition names a field the survey no longer lists', () => {
		useBuilderStore.getState().load(
			draft(
				[
					{
						question_id: null,
						field: 'coupon',
						compare: 'equals',
						value: 'x',
					},
				],
				[ 'plan' ]
			),
			false
		);
		renderControlled( null, () => <LogicOfSecond />, tierConfig( 'pro' ) );

		const subject = screen.getByRole( 'combobox', {
			name: 'Question or hidden field',
		} );
		expect( subject ).toHaveValue( 'field:coupon' );
		expect( subject ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'The hidden field "coupon" is no longer in this survey'
		);
	} );
} );

describe( 'email logic picker', () => {
	const logic = (
		conditions: LogicCondition[] = []
	): SurveyNotifications[ 'email' ][ 'logic' ] => ( {
		enable: conditions.length > 0,
		action: 'send',
		conditions,
	} );
	const renderEmailLogic = (
		initial: SurveyNotifications[ 'email' ][ 'logic' ],
		questions: Question[]
	) =>
		renderControlled(
			initial,
			( current, onChange ) => (
				<EmailLogic
					logic={ current }
					questions={ questions }
					disabled={ false }
					onChange={ onChange }
				/>
			),
			tierConfig( 'elite' )
		);

	it( 'lists the hidden fields after the questions, with a text value', async () => {
		const user = userEvent.setup();
		useBuilderStore.getState().load( draft(), false );
		const view = renderEmailLogic( logic(), [ RADIO ] );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Conditional logic' } )
		);
		const row = screen.getByRole( 'group', { name: 'Condition 1' } );
		const subject = within( row ).getByRole( 'combobox', {
			name: 'Question or hidden field',
		} );
		expect( optionTexts( subject ) ).toEqual( [
			'Select a question',
			'Did you find it?',
			'Hidden field: plan',
			'Hidden field: utm_source',
		] );
		await user.selectOptions( subject, 'Hidden field: utm_source' );
		await user.selectOptions(
			within( row ).getByRole( 'combobox', { name: 'Comparator' } ),
			'contains'
		);
		await user.type(
			within( row ).getByRole( 'textbox', { name: 'Value' } ),
			'news'
		);
		expect( view.latest().conditions ).toEqual( [
			{
				question_id: null,
				field: 'utm_source',
				compare: 'contains',
				value: 'news',
			},
		] );
	} );

	it( 'is usable with hidden fields and no subject question', async () => {
		const user = userEvent.setup();
		useBuilderStore.getState().load( draft(), false );
		const view = renderEmailLogic( logic(), [
			newQuestion( 3, 'long-text', 'Tell us more' ),
		] );

		const toggle = screen.getByRole( 'checkbox', {
			name: 'Conditional logic',
		} );
		expect( toggle ).toBeEnabled();
		await user.click( toggle );
		expect( view.latest().conditions ).toEqual( [
			conditionOnField( 'plan' ),
		] );
	} );

	it( 'says so when a condition names a field the survey no longer lists', () => {
		useBuilderStore.getState().load( draft( [], [] ), false );
		renderEmailLogic(
			logic( [
				{
					question_id: null,
					field: 'plan',
					compare: 'equals',
					value: 'pro',
				},
			] ),
			[ RADIO ]
		);

		const row = screen.getByRole( 'group', { name: 'Condition 1' } );
		expect(
			within( row ).getByRole( 'combobox', {
				name: 'Question or hidden field',
			} )
		).toHaveAttribute( 'aria-invalid', 'true' );
		expect( within( row ).getByRole( 'alert' ) ).toHaveTextContent(
			'The hidden field "plan" is no longer in this survey'
		);
	} );
} );
