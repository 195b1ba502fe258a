/**
 * Survey files (issue 18, item 8): a survey with display logic is exported from the surveys
 * list (a real download), deleted, and imported from the file; the import is a draft with the
 * same questions in the builder, and once published a visitor sees it and its logic works as
 * the original's did. A file with problems is refused with each problem listed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import {
	ELITE,
	choice,
	moveOn,
	nextButton,
	prepareSite,
	question,
	questionTitle,
	replaceSurveys,
	siteBatch,
	storedResponses,
	widget,
	type Question,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Files survey';
const Q = {
	like: 'Do you like it?',
	what: 'What do you like?',
	more: 'Anything else?',
};
const LIST = '/wp-admin/admin.php?page=userfeedback_surveys#/';
const SHOTS = '/work/notes/shots18';

let pagePath: string;

test.beforeAll( () => {
	( { 'survey-files': pagePath } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'survey-files', 'Survey files' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

const notices = ( page: Page ): Locator =>
	page.locator( '.userfeedback-notices' );

const rowOf = ( page: Page, title: string ): Locator =>
	page
		.getByRole( 'table', { name: 'Surveys' } )
		.getByRole( 'row' )
		.filter( {
			has: page.getByRole( 'rowheader', {
				name: new RegExp( `^${ title }` ),
			} ),
		} );

/** Answers the survey: "Yes" shows question 2, "No" skips it (the display logic). */
async function answer( page: Page, like: 'Yes' | 'No' ): Promise< void > {
	await page.goto( pagePath );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();
	await expect( questionTitle( dialog, Q.like ) ).toBeVisible();
	await choice( dialog, like ).click();
	if ( like === 'Yes' ) {
		await moveOn( dialog, Q.like, Q.what );
		await dialog.getByRole( 'textbox' ).fill( 'The colours' );
		await moveOn( dialog, Q.what, Q.more, true );
	} else {
		await moveOn( dialog, Q.like, Q.more );
	}
	await dialog.getByRole( 'textbox' ).fill( `Said ${ like }` );
	await nextButton( dialog ).click();
	await expect( dialog.getByText( 'Thanks a lot!' ) ).toBeVisible();
}

test( 'a survey exported from the list, deleted and imported behaves as the original, logic included', async ( {
	page,
	browser,
}, testInfo ) => {
	const shown: Question & { logic: object } = {
		...question( 2, 'text', Q.what ),
		logic: {
			enabled: true,
			action: 'show',
			conditions: [ { question_id: 1, compare: 'equals', value: 'Yes' } ],
		},
	};
	const [ originalId ] = replaceSurveys(
		[
			[
				question( 1, 'radio-button', Q.like, {
					options: [ 'Yes', 'No' ],
				} ),
				shown,
				question( 3, 'text', Q.more ),
			],
			{ title: TITLE, status: 'draft' },
		],
		[
			[ question( 1, 'text', 'Other?' ) ],
			{ title: 'Other survey', status: 'draft' },
		]
	);

	// Export from the row action: a download named by the day, holding the survey.
	await page.goto( LIST );
	const row = rowOf( page, TITLE );
	await row.hover();
	const downloading = page.waitForEvent( 'download' );
	await row.getByRole( 'button', { name: `Export “${ TITLE }”` } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toMatch(
		/^userfeedback-surveys-\d{4}-\d{2}-\d{2}\.json$/
	);
	const filePath = testInfo.outputPath( download.suggestedFilename() );
	await download.saveAs( filePath );
	const file = JSON.parse( readFileSync( filePath, 'utf8' ) );
	expect( file.format ).toBe( 'userfeedback-survey' );
	expect( file.version ).toBe( '1.0' );
	expect( file.surveys ).toHaveLength( 1 );
	expect( Object.keys( file.surveys[ 0 ] ) ).toEqual( [
		'title',
		'type',
		'template',
		'questions',
		'settings',
		'notifications',
	] );
	expect(
		file.surveys[ 0 ].questions.map( ( q: { title: string } ) => q.title )
	).toEqual( [ Q.like, Q.what, Q.more ] );

	// Delete it: to the Trash, then for good.
	await row.hover();
	await row.getByRole( 'button', { name: `Trash “${ TITLE }”` } ).click();
	await expect(
		notices( page ).getByText( '1 survey moved to the Trash.' )
	).toBeVisible();
	await page.getByRole( 'button', { name: /^Trash \(1\)/ } ).click();
	const trashed = rowOf( page, TITLE );
	await trashed.hover();
	await trashed
		.getByRole( 'button', { name: `Delete permanently “${ TITLE }”` } )
		.click();
	await page
		.getByRole( 'dialog', { name: 'Delete permanently?' } )
		.getByRole( 'button', { name: 'Delete permanently' } )
		.click();
	await expect(
		notices( page ).getByText( '1 survey permanently deleted.' )
	).toBeVisible();

	// Import the file: a new draft, linked from the notice.
	await page.goto( LIST );
	const imported = page.waitForResponse(
		( res ) =>
			res.request().method() === 'POST' &&
			res.url().includes( 'surveys/import' )
	);
	await page.getByLabel( 'Import' ).setInputFiles( filePath );
	const answer201 = await imported;
	expect( answer201.status() ).toBe( 201 );
	const { created } = ( await answer201.json() ) as {
		created: { id: number; title: string }[];
	};
	expect( created ).toHaveLength( 1 );
	const newId = created[ 0 ].id;
	expect( newId ).not.toBe( originalId );
	const notice = page
		.locator( '.userfeedback-notices' )
		.getByText( 'Imported 1 survey.', { exact: false } );
	await expect( notice ).toBeVisible();
	await expect(
		page
			.locator( '.userfeedback-notices' )
			.getByRole( 'link', { name: TITLE } )
	).toHaveAttribute( 'href', `#/edit/${ newId }` );
	await expect( rowOf( page, TITLE ) ).toContainText( 'Draft' );
	await page.screenshot( { path: `${ SHOTS }/H7-import-result.png` } );

	// The same questions in the builder.
	await page
		.locator( '.userfeedback-notices' )
		.getByRole( 'link', { name: TITLE } )
		.click();
	await page.goto( `${ LIST }edit/${ newId }/questions` );
	const cards = page
		.getByRole( 'list', { name: 'Questions' } )
		.getByRole( 'listitem', { name: /^Question \d/ } );
	await expect( cards ).toHaveCount( 3 );
	await expect( cards.nth( 0 ) ).toContainText( Q.like );
	await expect( cards.nth( 1 ) ).toContainText( Q.what );
	await expect( cards.nth( 2 ) ).toContainText( Q.more );

	// Publish it from the list; visitors see it, and its logic works.
	await page.goto( LIST );
	await page.getByRole( 'checkbox', { name: `Select ${ TITLE }` } ).check();
	await page
		.getByRole( 'combobox', { name: 'Select bulk action' } )
		.selectOption( 'Publish' );
	await page.getByRole( 'button', { name: 'Apply' } ).click();
	await expect(
		notices( page ).getByText( '1 survey published.' )
	).toBeVisible();

	const yes = await visitorPage( browser );
	await answer( yes, 'Yes' );
	const no = await visitorPage( browser );
	await answer( no, 'No' );
	await expect.poll( () => storedResponses( newId ).length ).toBe( 2 );
	// The copy's questions have fresh ids 1, 2, 3: "No" left question 2 unshown.
	const responses = storedResponses( newId );
	const valueOf = ( like: string, questionId: number ) =>
		responses
			.find( ( response ) =>
				response.answers.some(
					( item ) => item.question_id === 1 && item.value === like
				)
			)
			?.answers.find( ( item ) => item.question_id === questionId )
			?.value ?? null;
	expect( valueOf( 'Yes', 2 ) ).toBe( 'The colours' );
	expect( valueOf( 'No', 2 ) ).toBeNull();
	expect( valueOf( 'No', 3 ) ).toBe( 'Said No' );
	await yes.context().close();
	await no.context().close();
} );

test( 'a file with problems is refused with each problem listed, and nothing is imported', async ( {
	page,
}, testInfo ) => {
	replaceSurveys( [
		[ question( 1, 'text', 'Other?' ) ],
		{ title: 'Other survey', status: 'draft' },
	] );
	const bad = {
		format: 'userfeedback-survey',
		version: '1.0',
		surveys: [
			{
				title: '<script>alert(1)</script>Hostile',
				questions: [
					{ id: 1, title: 'Pick', type: 'text', colour: 'red' },
					{
						id: 2,
						title: 'Why?',
						type: 'text',
						logic: {
							enabled: true,
							action: 'show',
							conditions: [
								{
									question_id: 7,
									compare: 'equals',
									value: 'x',
								},
							],
						},
					},
				],
				status: 'publish',
			},
		],
	};
	const filePath = path.join( testInfo.outputPath(), 'bad.json' );
	writeFileSync( filePath, JSON.stringify( bad ) );

	await page.goto( LIST );
	await expect( rowOf( page, 'Other survey' ) ).toBeVisible();
	await page.getByLabel( 'Import' ).setInputFiles( filePath );
	const refused = page
		.locator( '.userfeedback-notices .components-notice' )
		.filter( { hasText: 'Nothing was imported' } );
	await expect( refused ).toBeVisible();
	await expect( refused ).toHaveClass( /is-error/ );
	await expect( refused.getByRole( 'listitem' ) ).toHaveCount( 3 );
	await expect( refused ).toContainText( 'surveys[0].status' );
	await expect( refused ).toContainText( 'surveys[0].questions[0].colour' );
	await expect( refused ).toContainText(
		'surveys[0].questions[1].logic.conditions[0].question_id'
	);
	await page.screenshot( { path: `${ SHOTS }/H7-import-error.png` } );
	await expect(
		page.getByRole( 'table', { name: 'Surveys' } ).getByRole( 'rowheader' )
	).toHaveCount( 1 );
} );
