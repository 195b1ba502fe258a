import { describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import { behaviorSummary } from './summary';

const widgetLine = ( lines: ReturnType< typeof behaviorSummary > ) =>
	lines.find( ( line ) => line.label === 'Widget' )?.value;

describe( 'behaviorSummary: how the widget starts', () => {
	it( "says the site's choice for a survey that follows the site's look", () => {
		const settings = defaultSettings();
		settings.theming = { ...settings.theming, source: 'site' };
		// The survey's own value is not what visitors get (VisitorTheming::resolve()).
		settings.behavior.start_minimized = false;
		expect( widgetLine( behaviorSummary( settings, true ) ) ).toBe(
			'Starts minimized'
		);
		settings.behavior.start_minimized = true;
		expect( widgetLine( behaviorSummary( settings, false ) ) ).toBe(
			'Starts open'
		);
	} );

	it( 'says the survey’s own choice for a look of its own', () => {
		const settings = defaultSettings();
		settings.theming = { ...settings.theming, source: 'custom' };
		settings.behavior.start_minimized = true;
		expect( widgetLine( behaviorSummary( settings, false ) ) ).toBe(
			'Starts minimized'
		);
		settings.behavior.start_minimized = false;
		expect( widgetLine( behaviorSummary( settings, true ) ) ).toBe(
			'Starts open'
		);
	} );
} );
