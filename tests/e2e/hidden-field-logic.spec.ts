/**
 * Hidden fields in display logic (issue 18 item 5): a survey whose second question is
 * shown only when the hidden field `plan` (from the query parameter `plan`) equals
 * `pro`. A visitor who opens the page with ?plan=pro is asked it; one who comes without
 * the parameter goes from the first question straight to the third, and the admin's
 * responses list says it was not shown to them. The builder's Logic tab shows the
 * condition as "Hidden field: plan".
 */
import { test, expect, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';

import { adminStatePath } from './fixtures/site';
import {
	ELITE,
	isResponses,
	nextButton,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	storedResponses,
	valuesOf,
	widget,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Plan logic survey';
const FIRST = 'What brought you here today?';
const PRO_ONLY = 'How is the Pro plan working for you?';
const LAST = 'Anything else?';
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const SHOTS = '/work/notes/shots18';

let path: string;
let id: number;

test.beforeAll( () => {
	( { 'hidden-field-logic': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'hidden-field-logic', 'Hidden field logic' ] ],
	} ) );
	mkdirSync( SHOTS, { recursive: true } );
	const proOnly = {
		...question( 2, 'text', PRO_ONLY ),
		logic: {
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
		},
	};
	id = onlySurvey(
		[ question( 1, 'text', FIRST ), proOnly, question( 3, 'text', LAST ) ],
		{
			title: TITLE,
			settings: {
				hidden_fields: [
					{ name: 'plan', source: 'query', key: 'plan' },
				],
			},
		}
	);
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

const isCompleting = ( request: Request ) =>
	request.method() === 'POST' &&
	isResponses( request.url(), id ) &&
	request.postDataJSON()?.complete === true;

/**
 * Answers the survey's typed questions in the order the widget shows them and submits.
 *
 * @param visitor The visitor's page.
 * @param query   The page's query string ('' for none).
 * @param shown   The titles the visitor is expected to see, in order.
 * @param shot    Where to save a screenshot of the second question shown, if anywhere.
 */
async function answerSurvey(
	visitor: Page,
	query: string,
	shown: string[],
	shot?: string
): Promise< void > {
	await visitor.goto(
		query
			? `${ path }${ path.includes( '?' ) ? '&' : '?' }${ query }`
			: path
	);
	const dialog = widget( visitor, TITLE );
	await expect( dialog ).toBeVisible();
	for ( const [ index, title ] of shown.entries() ) {
		await expect( questionTitle( dialog, title ) ).toBeVisible();
		await dialog
			.getByRole( 'textbox', { name: title } )
			.fill( `Answer ${ index + 1 }` );
		if ( index === 1 && shot ) {
			await visitor.screenshot( { path: shot } );
		}
		const last = index === shown.length - 1;
		await expect( nextButton( dialog ) ).toHaveText(
			last ? 'Submit' : 'Next'
		);
		if ( last ) {
			const completed = visitor.waitForResponse( ( response ) =>
				isCompleting( response.request() )
			);
			await nextButton( dialog ).click();
			expect( ( await completed ).ok() ).toBe( true );
		} else {
			await nextButton( dialog ).click();
		}
	}
}

test( 'the question for plan pro is asked with ?plan=pro and skipped without it', async ( {
	page,
	browser,
} ) => {
	const pro = await visitorPage( browser );
	await answerSurvey(
		pro,
		'plan=pro',
		[ FIRST, PRO_ONLY, LAST ],
		`${ SHOTS }/H5-field-logic-plan-pro.png`
	);
	await pro.context().close();

	const other = await visitorPage( browser );
	await answerSurvey( other, '', [ FIRST, LAST ] );
	await other.context().close();

	const responses = storedResponses( id ).sort( ( a, b ) => a.id - b.id );
	expect( responses ).toHaveLength( 2 );
	const [ withPro, without ] = responses;
	expect( valuesOf( withPro, 2 ) ).toEqual( [ 'Answer 2' ] );
	expect( valuesOf( without, 2 ) ).toEqual( [] );
	expect( valuesOf( without, 3 ) ).toEqual( [ 'Answer 2' ] );

	// The admin's responses list says which question display logic hid, read with the
	// stored plan as the widget read it.
	await page.goto( SURVEYS );
	const nonce = await page
		.locator( '#userfeedback-app' )
		.evaluate(
			( el ) =>
				JSON.parse( el.getAttribute( 'data-config' ) || '{}' ).rest
					?.nonce as string
		);
	const list = await page.request.get(
		`/?rest_route=/userfeedback/v1/surveys/${ id }/responses`,
		{ headers: { 'X-WP-Nonce': nonce } }
	);
	expect( list.ok(), await list.text() ).toBe( true );
	const items = ( await list.json() ).items as Array< {
		id: number;
		not_shown: number[];
	} >;
	const notShown = Object.fromEntries(
		items.map( ( item ) => [ item.id, item.not_shown ] )
	);
	expect( notShown[ withPro.id ] ).toEqual( [] );
	expect( notShown[ without.id ] ).toEqual( [ 2 ] );
} );

test( 'the builder shows the condition as a hidden field', async ( {
	page,
} ) => {
	await page.goto( `${ SURVEYS }#/edit/${ id }/questions` );
	const card = page
		.getByRole( 'list', { name: 'Questions' } )
		.getByRole( 'listitem', { name: /^Question 2/ } );
	await card.getByRole( 'tab', { name: 'Logic' } ).click();
	const subject = card.getByRole( 'combobox', {
		name: 'Question or hidden field',
	} );
	await expect( subject ).toHaveValue( 'field:plan' );
	await expect( subject.locator( 'option:checked' ) ).toHaveText(
		'Hidden field: plan'
	);
	await expect( card.getByRole( 'textbox', { name: 'Value' } ) ).toHaveValue(
		'pro'
	);
	await card.screenshot( { path: `${ SHOTS }/H5-builder-logic-field.png` } );
} );
