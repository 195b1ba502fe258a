import { describe, expect, it } from 'vitest';

import { newSurvey } from '../../../../shared/surveyDefaults';
import { template } from '../../../../shared/test/surveyFixtures';
import { chooseTemplate } from './templateTitle';

const TEMPLATES = [
	template( 'blank', 'Blank Template' ),
	template( 'website-feedback', 'Website Feedback' ),
];
const DRAFT = newSurvey( { site: { admin_email: 'a@example.com' } } as never );

describe( 'chooseTemplate', () => {
	it( 'names the survey after a template, and Blank keeps a new survey\u2019s title', () => {
		const named = chooseTemplate(
			DRAFT,
			TEMPLATES[ 1 ],
			TEMPLATES,
			'New Survey'
		);
		expect( named.title ).toBe( 'Website Feedback' );
		expect(
			chooseTemplate( DRAFT, TEMPLATES[ 0 ], TEMPLATES, 'New Survey' )
				.title
		).toBe( DRAFT.title );
	} );

	it( 'resets the title a template gave when Blank is chosen after it (Back to Setup)', () => {
		const named = chooseTemplate(
			DRAFT,
			TEMPLATES[ 1 ],
			TEMPLATES,
			'New Survey'
		);
		const blank = chooseTemplate(
			named,
			TEMPLATES[ 0 ],
			TEMPLATES,
			'New Survey'
		);
		expect( blank.title ).toBe( 'New Survey' );
		expect( blank.template ).toBe( 'blank' );
	} );

	it( 'keeps a title the author typed after choosing a template', () => {
		const named = chooseTemplate(
			DRAFT,
			TEMPLATES[ 1 ],
			TEMPLATES,
			'New Survey'
		);
		const typed = { ...named, title: 'Our shop survey' };
		expect(
			chooseTemplate( typed, TEMPLATES[ 0 ], TEMPLATES, 'New Survey' )
				.title
		).toBe( 'Our shop survey' );
	} );
} );
