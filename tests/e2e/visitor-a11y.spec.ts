/**
 * Accessibility of the open widget: axe-core (WCAG 2.1 A and AA) in both colour schemes on an
 * NPS and a radio question, and answering NPS questions with the keyboard alone.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
	ELITE,
	choice,
	moveOn,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	submission,
	widget,
} from './fixtures/visitor';

const NPS = 'How likely are you to recommend us?';
const PLAN = 'Which plan are you on?';

/** Spec 3, section 3: the colour schemes' defaults. */
const PRESETS = {
	light: {
		widget_color: '#ffffff',
		text_color: '#23282D',
		button_color: '#2D87F1',
	},
	dark: {
		widget_color: '#333333',
		text_color: '#ffffff',
		button_color: '#2D87F1',
	},
};

let path: string;

test.beforeAll( () => {
	( { a11y: path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'a11y', 'Accessibility' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

/**
 * axe-core on the widget alone (its root, the element it added to <body>), WCAG 2.1 A/AA.
 *
 * @param page   The page.
 * @param dialog The open widget.
 */
async function axe( page: Page, dialog: Locator ) {
	await dialog.evaluate( ( element ) => {
		let root: Element = element;
		while ( root.parentElement && root.parentElement !== document.body ) {
			root = root.parentElement;
		}
		document
			.querySelectorAll( '[data-uf-axe]' )
			.forEach( ( el ) => el.removeAttribute( 'data-uf-axe' ) );
		root.setAttribute( 'data-uf-axe', '' );
	} );
	const results = await new AxeBuilder( { page } )
		.include( '[data-uf-axe]' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
		.analyze();
	return results.violations.map( ( violation ) => ( {
		id: violation.id,
		impact: violation.impact,
		help: violation.help,
		nodes: violation.nodes.map( ( node ) => ( {
			target: node.target.join( ' ' ),
			summary: node.failureSummary,
		} ) ),
	} ) );
}

/** The background colour behind an element: the first painted one from it up. */
function background( target: Locator ): Promise< string > {
	return target.evaluate( ( element ) => {
		for (
			let node: Element | null = element;
			node;
			node = node.parentElement
		) {
			const color = getComputedStyle( node ).backgroundColor;
			if (
				color &&
				color !== 'transparent' &&
				! /,\s*0\)$/.test( color )
			) {
				return color;
			}
		}
		return '';
	} );
}

for ( const scheme of [ 'light', 'dark' ] as const ) {
	test( `axe finds no WCAG 2.1 AA violation in the open widget (${ scheme } scheme; NPS and radio questions)`, async ( {
		page,
	} ) => {
		onlySurvey(
			[
				question( 1, 'nps', NPS ),
				question( 2, 'radio-button', PLAN, {
					options: [ 'Basic', 'Pro', 'Enterprise' ],
				} ),
			],
			{
				title: `A ${ scheme } survey`,
				// As the builder saves a survey's own scheme: a custom look, the scheme and its
				// preset colours.
				settings: {
					theming: {
						source: 'custom',
						color_scheme: scheme,
						...PRESETS[ scheme ],
					},
				},
			}
		);
		await page.goto( path );
		const dialog = widget( page, `A ${ scheme } survey` );
		await expect( questionTitle( dialog, NPS ) ).toBeVisible();
		// The scheme's own colours (spec 3, section 3: light #ffffff, dark #333333).
		expect
			.soft( await background( questionTitle( dialog, NPS ) ) )
			.toBe(
				scheme === 'dark' ? 'rgb(51, 51, 51)' : 'rgb(255, 255, 255)'
			);
		expect( await axe( page, dialog ), 'on the NPS question' ).toEqual(
			[]
		);

		await dialog
			.getByRole( 'radiogroup', { name: NPS } )
			.getByRole( 'radio' )
			.nth( 8 )
			.click();
		await moveOn( dialog, NPS, PLAN );
		await expect( choice( dialog, 'Enterprise' ) ).toBeVisible();
		expect( await axe( page, dialog ), 'on the radio question' ).toEqual(
			[]
		);
	} );
}

/**
 * Whether keyboard focus is on a question: its title, a control named or labelled by
 * it, or a container holding its title but not the whole survey.
 *
 * @param page  The page.
 * @param title The question's title.
 */
function focusIsOn( page: Page, title: string ): Promise< boolean > {
	return page.evaluate( ( wanted ) => {
		const el = document.querySelector( ':focus' );
		if ( ! el ) {
			return false;
		}
		const text = ( node: Element | null ) =>
			node?.textContent?.trim() ?? '';
		if ( text( el ) === wanted ) {
			return true;
		}
		for (
			let node: Element | null = el;
			node && node !== document.body;
			node = node.parentElement
		) {
			if ( node.getAttribute( 'role' ) === 'dialog' ) {
				break;
			}
			const ids = node.getAttribute( 'aria-labelledby' ) ?? '';
			if (
				ids
					.split( /\s+/ )
					.some(
						( id ) =>
							id &&
							text( document.getElementById( id ) ) === wanted
					)
			) {
				return true;
			}
			if ( node.getAttribute( 'aria-label' ) === wanted ) {
				return true;
			}
			if ( node.tagName === 'FIELDSET' ) {
				if ( text( node.querySelector( 'legend' ) ) === wanted ) {
					return true;
				}
			}
		}
		const labels = ( el as HTMLInputElement ).labels;
		if (
			labels &&
			[ ...labels ].some( ( l ) => text( l ).includes( wanted ) )
		) {
			return true;
		}
		// A question container (focused so that the next question is announced).
		return (
			el.getAttribute( 'role' ) !== 'dialog' &&
			[ ...el.querySelectorAll( '*' ) ].some(
				( node ) =>
					node.children.length === 0 && text( node ) === wanted
			)
		);
	}, title );
}

/**
 * From a question to its first score, if focus landed on the question itself (at most a
 * few Tab presses).
 *
 * @param page   The page.
 * @param radios The question's scores.
 */
async function tabInto( page: Page, radios: Locator ): Promise< void > {
	for ( let i = 0; i < 3; i++ ) {
		const onScore = await radios.evaluateAll( ( all ) =>
			all.some( ( radio ) => radio === radio.ownerDocument.activeElement )
		);
		if ( onScore ) {
			return;
		}
		await page.keyboard.press( 'Tab' );
	}
}

test( 'NPS questions are answered with arrow keys and Enter or Space; focus follows to the next question', async ( {
	page,
} ) => {
	const BACK = 'How likely are you to come back?';
	const MORE = 'Anything else?';
	const id = onlySurvey(
		[
			question( 1, 'nps', NPS ),
			question( 2, 'nps', BACK ),
			question( 3, 'text', MORE ),
		],
		{ title: 'Keyboard survey' }
	);
	await page.goto( path );
	const dialog = widget( page, 'Keyboard survey' );
	const first = dialog.getByRole( 'radiogroup', { name: NPS } );
	await expect( first ).toBeVisible();
	const firstRadios = first.getByRole( 'radio' );
	await expect( firstRadios ).toHaveCount( 11 );
	// NPS cannot be skipped.
	await expect(
		dialog.getByRole( 'button', { name: 'Skip', exact: true } )
	).toHaveCount( 0 );

	// Tabbed into the group: the first score has focus.
	await firstRadios.first().focus();
	await expect( firstRadios.first() ).toBeFocused();
	// One key at a time: each press lands where the one before left the focus.
	for ( let i = 1; i <= 8; i++ ) {
		await page.keyboard.press( 'ArrowRight' );
		await expect( firstRadios.nth( i ) ).toBeFocused();
	}
	await expect.soft( firstRadios.nth( 8 ) ).toBeChecked();
	// Arrows choose, they do not answer.
	await expect( questionTitle( dialog, NPS ) ).toBeVisible();
	await page.keyboard.press( 'Enter' );

	await expect( questionTitle( dialog, BACK ) ).toBeVisible();
	await expect.poll( () => focusIsOn( page, BACK ) ).toBe( true );
	const second = dialog
		.getByRole( 'radiogroup', { name: BACK } )
		.getByRole( 'radio' );
	await tabInto( page, second );
	await expect( second.first() ).toBeFocused();
	for ( const [ key, at ] of [
		[ 'ArrowRight', 1 ],
		[ 'ArrowRight', 2 ],
		[ 'ArrowRight', 3 ],
		[ 'ArrowLeft', 2 ],
	] as const ) {
		await page.keyboard.press( key );
		await expect( second.nth( at ) ).toBeFocused();
	}
	await expect( second.nth( 2 ) ).toBeChecked();
	await page.keyboard.press( ' ' );

	await expect( questionTitle( dialog, MORE ) ).toBeVisible();
	await expect.poll( () => focusIsOn( page, MORE ) ).toBe( true );
	const submitted = submission( page, id );
	await dialog.getByRole( 'textbox', { name: MORE } ).fill( 'No' );
	await dialog.getByRole( 'button', { name: /^(Submit|Next)$/ } ).click();
	const { response } = await submitted;
	expect( response.request().postDataJSON().answers ).toEqual( [
		{ question_id: 1, value: 8 },
		{ question_id: 2, value: 2 },
		{ question_id: 3, value: 'No' },
	] );
} );

test( 'the floating widget is a dialog named by its visible survey title', async ( {
	page,
} ) => {
	onlySurvey(
		[
			question( 1, 'radio-button', PLAN, {
				options: [ 'Basic', 'Pro' ],
			} ),
		],
		{ title: 'Dialog survey' }
	);
	await page.goto( path );
	await expect(
		choice( widget( page, 'Dialog survey' ), 'Pro' )
	).toBeVisible();
	const dialog = page.getByRole( 'dialog', { name: 'Dialog survey' } );
	await expect( dialog ).toBeVisible();
	// Named by the visible title (aria-labelledby), not by a hidden label.
	await expect( dialog ).toHaveAttribute( 'aria-labelledby', /\S/ );
	const title = await dialog.evaluate( ( element ) => {
		const ids = ( element.getAttribute( 'aria-labelledby' ) ?? '' ).split(
			/\s+/
		);
		const label = element.ownerDocument.getElementById( ids[ 0 ] );
		return {
			text: label?.textContent?.trim(),
			shown: !! label && label.getClientRects().length > 0,
		};
	} );
	expect( title ).toEqual( { text: 'Dialog survey', shown: true } );
} );

test( 'minimise is remembered in the -minimized cookie', async ( {
	page,
	context,
} ) => {
	const id = onlySurvey(
		[
			question( 1, 'radio-button', PLAN, {
				options: [ 'Basic', 'Pro' ],
			} ),
		],
		{ title: 'Minimise survey' }
	);
	await page.goto( path );
	const shown = widget( page, 'Minimise survey' );
	const pro = choice( shown, 'Pro' );
	await expect( pro ).toBeVisible();
	await shown
		.getByRole( 'button', { name: 'Minimize', exact: true } )
		.click();
	await expect( pro ).toHaveCount( 0 );
	const toggle = page.getByRole( 'button', { name: 'Minimise survey' } );
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	const cookies = await context.cookies();
	expect(
		cookies.find(
			( c ) => c.name === `userfeedback-survey-${ id }-minimized`
		)
	).toBeDefined();

	// Remembered: the next page starts minimised; the toggle opens it again.
	await page.reload();
	await expect( toggle ).toBeVisible();
	await expect( pro ).toHaveCount( 0 );
	await toggle.click();
	await expect( pro ).toBeVisible();
} );
