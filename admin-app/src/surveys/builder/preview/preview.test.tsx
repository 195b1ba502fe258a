/**
 * The live preview: the draft in the widget's shape, the entitlements handed to the
 * widget, and preview mode (nothing sent, no redirect, a restart on finish).
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../../../../../widget/src/ui/navigation';

import { ConfigProvider } from '../../../shared/context';
import type { AppConfig, Survey } from '../../../shared/types';
import {
	question,
	survey,
	tierConfig,
} from '../../../shared/test/surveyFixtures';
import { LivePreview } from './LivePreview';
import { toVisitorSurvey, widgetFeatures } from '../../../shared/widgetPreview';

describe( 'toVisitorSurvey', () => {
	it( 'keeps image options as { id, url } and an image without a URL as none', () => {
		const draft = survey( {
			questions: [
				question( 1, 'image-radio', {
					config: {
						options: [
							{ label: 'Beach', image: { id: 4, url: '/b.jpg' } },
							{ label: 'Hills', image: { id: null, url: '' } },
							{ label: 'City', image: null },
						],
					},
				} ),
				question( 2, 'icon-choice', {
					config: {
						options: [
							{
								label: 'Love',
								icon: { name: 'heart', style: 'solid' },
							},
							{ label: 'None', icon: null },
						],
					},
				} ),
			],
		} );
		const visitor = toVisitorSurvey( draft );
		expect( visitor.questions[ 0 ].config.options ).toEqual( [
			{ label: 'Beach', image: { id: 4, url: '/b.jpg' } },
			{ label: 'Hills', image: null },
			{ label: 'City', image: null },
		] );
		expect( visitor.questions[ 1 ].config.options ).toEqual( [
			{ label: 'Love', icon: { name: 'heart', style: 'solid' } },
			{ label: 'None', icon: null },
		] );
	} );

	it( 'passes logic, thank-you and theming through, with tracking off', () => {
		const draft = survey( {
			questions: [
				question( 1 ),
				{
					...question( 2, 'text' ),
					logic: {
						enabled: true,
						action: 'hide',
						conditions: [
							{ question_id: 1, compare: 'equals', value: 'No' },
							{ question_id: null, compare: '', value: '' },
						],
					},
				},
			],
		} );
		draft.settings.enable_tracking = true;
		const visitor = toVisitorSurvey( draft );
		expect( visitor.questions[ 1 ].logic ).toEqual( {
			enabled: true,
			action: 'hide',
			conditions: [
				{ question_id: 1, compare: 'equals', value: 'No' },
				{ question_id: null, compare: '', value: '' },
			],
		} );
		expect( visitor.settings.enable_tracking ).toBe( false );
		expect( visitor.settings.thank_you ).toBe( draft.settings.thank_you );
		expect( visitor.settings.theming ).toBe( draft.settings.theming );
		expect( visitor.nonces ).toEqual( { impression: '', submission: '' } );
	} );
} );

describe( 'widgetFeatures', () => {
	it( 'maps the entitlements to the widget’s features', () => {
		expect(
			widgetFeatures( tierConfig( 'pro' ).entitlements )
		).toMatchObject( {
			question_settings: true,
			thank_you_redirect: true,
			branding: true,
			advanced_question_types: true,
		} );
		const lite = widgetFeatures( tierConfig( 'lite' ).entitlements ) ?? {};
		expect( Object.values( lite ).every( ( allowed ) => ! allowed ) ).toBe(
			true
		);
		// Keys the config does not mention are locked.
		expect( lite.geo_targeting ).toBe( false );
	} );
} );

function renderPreview( draft: Survey, config: AppConfig ) {
	return render(
		<ConfigProvider config={ config }>
			<LivePreview survey={ draft } />
		</ConfigProvider>
	);
}

describe( 'LivePreview', () => {
	const required = () =>
		survey( {
			questions: [
				{
					...question( 1 ),
					settings: {
						required: true,
						randomize: false,
						comment_box: false,
					},
				},
			],
		} );

	it( 'required questions block Skip only when the site may use question settings', () => {
		const { unmount } = renderPreview( required(), tierConfig( 'lite' ) );
		const region = screen.getByRole( 'region', { name: 'Survey preview' } );
		expect(
			within( region ).getByRole( 'button', { name: 'Skip' } )
		).toBeInTheDocument();
		unmount();

		renderPreview( required(), tierConfig( 'pro' ) );
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
	} );

	it( 'sends nothing and does not redirect; finishing then closing starts again', async () => {
		const user = userEvent.setup();
		const fetch = vi.fn();
		vi.stubGlobal( 'fetch', fetch );
		const assign = vi.fn();
		vi.spyOn( navigation, 'assign' ).mockImplementation( assign );
		const draft = survey( { questions: [ question( 1 ) ] } );
		draft.settings.thank_you = {
			...draft.settings.thank_you,
			type: 'redirect',
			redirect_url: 'https://site.test/thanks/',
		};
		renderPreview( draft, tierConfig( 'pro' ) );

		await user.click( screen.getByRole( 'button', { name: 'Yes' } ) );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thanks for your feedback!'
		);
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 10 ) )
		);
		expect( assign ).not.toHaveBeenCalled();
		expect( fetch ).not.toHaveBeenCalled();

		const closes = screen.getAllByRole( 'button', { name: 'Close' } );
		await user.click( closes[ closes.length - 1 ] );
		expect(
			screen.getByRole( 'heading', { name: 'Question 1' } )
		).toBeInTheDocument();
	} );
} );
